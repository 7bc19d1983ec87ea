// The one inline script of every page: it loads the page's modules (its islands and its own scripts, listed
// in its data-modules attribute) and the whole stylesheet (data-style; the page carries inline only the
// rules its markup uses, first-paint-css.js) after the first contentful paint, or at the visitor's first
// interaction if that comes sooner, so nothing is requested before the page is drawn. It waits for the paint entry
// itself, not for the load event and a frame: on a phone the first paint often comes after the load
// event, and modules requested in between held the paint back (Lighthouse's mobile LCP went from about
// 0.85 s to 1.05-1.5 s). Where the Paint Timing API is missing it falls back to the frame after load.
// Its text never changes with the page, so one CSP hash (security-headers.js) allows it everywhere; an
// island woken by that first interaction sees it (widgets/shared/island.ts checks :hover and
// :focus-within when it is defined). The interactions are the islands' own (WAKE_EVENTS).
import { WAKE_EVENTS } from "../../widgets/islands.js";

/** Inline JavaScript that calls `call` (an expression naming a function) a task after the first contentful paint. */
export const afterFirstContentfulPaint = (/** @type {string} */ call) =>
  `new PerformanceObserver((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();setTimeout(${call})}}).observe({type:"paint",buffered:true})`;

export const ISLAND_LOADER = [
  "(()=>{",
  "const{modules,style}=document.currentScript.dataset;",
  "let started=false;",
  "const start=()=>{",
  "if(started)return;",
  "started=true;",
  // The stylesheet first: a module may draw a state (an open menu) whose rules only it has.
  'if(style){const link=document.createElement("link");link.rel="stylesheet";link.href=style;document.head.append(link)}',
  'for(const url of modules.split(" "))if(url)import(url)',
  "};",
  `for(const name of${JSON.stringify(WAKE_EVENTS)})addEventListener(name,start,{once:true,passive:true,capture:true});`,
  "const afterPaint=()=>{",
  'if(!self.PerformanceObserver?.supportedEntryTypes?.includes("paint"))return requestAnimationFrame(()=>setTimeout(start));',
  afterFirstContentfulPaint("start"),
  "};",
  'document.readyState==="complete"?afterPaint():addEventListener("load",afterPaint,{once:true})',
  "})()",
].join("");

/**
 * The loader's script element for a page that needs the modules at `urls` and the whole stylesheet at `style`.
 * @param {string[]} urls
 * @param {string} style
 */
export const islandLoaderTag = (urls, style) => `<script data-modules="${urls.join(" ")}" data-style="${style}">${ISLAND_LOADER}</script>`;
