// The partner embed as a partner's page uses it: the element, its shadow root, and attributes the page
// sets after the form shows (README "Attributes").
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { act, typeInto } from "../testing.tsx";
import "./embed.tsx";

let host: HTMLElement;
// An empty notices element in its place: the embed then uses it and mounts no notices region of its own,
// which would outlive the test, share the page's notices store with the other files and dismiss theirs.
const notices = document.createElement("elektriker-tilbud-notices");
beforeEach(() => document.body.append(notices));
afterEach(async () => {
  await act(() => host.remove());
  notices.remove();
});

const field = (name: string) => host.shadowRoot!.querySelector<HTMLInputElement>(`[name="${name}"]`)!;

const show = async (attributes: Record<string, string>) => {
  host = document.createElement("elektriker-tilbud");
  for (const [name, value] of Object.entries(attributes)) host.setAttribute(name, value);
  await act(() => document.body.append(host));
  expect(host.hasAttribute("ready")).toBe(true);
};

describe("<elektriker-tilbud> follows its attributes after it shows", () => {
  it("fills 'Lokation' with a location set later, and follows it while the visitor has not typed there", async () => {
    await show({ partner: "byportalen" });
    expect(field("location").value).toBe("");
    await act(() => host.setAttribute("location", "Køge"));
    expect(field("location").value).toBe("Køge");
    await act(() => host.setAttribute("location", "Faxe"));
    expect(field("location").value).toBe("Faxe");
    await act(() => typeInto(field("location"), "Herfølge"));
    await act(() => host.setAttribute("location", "Greve"));
    expect(field("location").value).toBe("Herfølge");
  });

  it("keeps what the visitor typed elsewhere when the heading or the layout changes", async () => {
    await show({ partner: "byportalen", location: "Køge" });
    await act(() => typeInto(field("name"), "Jens Hansen"));
    await act(() => {
      host.setAttribute("heading", "Få et tilbud fra en lokal elektriker");
      host.setAttribute("compact", "");
    });
    expect(host.shadowRoot!.querySelector("h2, h3")?.textContent).toBe("Få et tilbud fra en lokal elektriker");
    expect(field("name").value).toBe("Jens Hansen");
    expect(field("location").value).toBe("Køge");
  });
});
