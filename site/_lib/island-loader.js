// The one inline script of the pages: it loads a page's modules (its islands and its own scripts, listed
// in its data-modules attribute) after the first contentful paint, or at the visitor's first interaction
// if that comes sooner, so no script is requested before the page is drawn. It waits for the paint entry
// itself, not for the load event and a frame: on a phone the first paint often comes after the load
// event, and modules requested in between held the paint back (Lighthouse's mobile LCP went from about
// 0.85 s to 1.05-1.5 s). Where the Paint Timing API is missing it falls back to the frame after load.
// Its text never changes with the page, so one CSP hash (security-headers.js) allows it everywhere; an
// island woken by that first interaction sees it (widgets/shared/island.ts checks :hover and
// :focus-within when it is defined).
/** Inline JavaScript that calls `call` (an expression naming a function) a task after the first contentful paint. */
export const afterFirstContentfulPaint = (call) =>
  `new PerformanceObserver((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();setTimeout(${call})}}).observe({type:"paint",buffered:true})`;

export const ISLAND_LOADER = [
  "(()=>{",
  'const urls=document.currentScript.dataset.modules.split(" ");',
  "let started=false;",
  "const start=()=>{if(started)return;started=true;for(const url of urls)import(url)};",
  'for(const name of["pointerover","pointerdown","touchstart","focusin","keydown"])addEventListener(name,start,{once:true,passive:true,capture:true});',
  "const afterPaint=()=>{",
  'if(!self.PerformanceObserver?.supportedEntryTypes?.includes("paint"))return requestAnimationFrame(()=>setTimeout(start));',
  afterFirstContentfulPaint("start"),
  "};",
  'document.readyState==="complete"?afterPaint():addEventListener("load",afterPaint,{once:true})',
  "})()",
].join("");

/** The loader's script element for a page that needs the modules at `urls`. */
export const islandLoaderTag = (urls) => `<script data-modules="${urls.join(" ")}">${ISLAND_LOADER}</script>`;
