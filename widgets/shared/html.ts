// Writing and reading a widget element's attributes, at the build and in the browser.

import { escapeHtml } from "../../supabase/functions/_shared/escape-html.js";

/** `<tag a="1" b>` inner `</tag>`: the element the build writes around a server-rendered widget. */
export function element(tag: string, attributes: Record<string, string | boolean | undefined>, inner: string): string {
  const list = Object.entries(attributes)
    .filter(([, value]) => value !== undefined && value !== false)
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`));
  return `<${tag}${list.join("")}>${inner}</${tag}>`;
}

/** Reads a JSON attribute written by the build. */
export function jsonAttribute<T>(host: HTMLElement, name: string): T {
  return JSON.parse(host.getAttribute(name) ?? "null") as T;
}
