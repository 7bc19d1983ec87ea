// The statement's CSV as a file: the backend's text unchanged (its byte-order mark and semicolons are what
// a Danish spreadsheet opens), under the month's name, from a blob: URL revoked after the click.
import { afterEach, describe, expect, it, vi } from "vitest";
import { downloadStatement } from "./download.ts";

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("the statement's CSV download", () => {
  it("saves the backend's CSV as opgoerelse-<month>.csv and revokes its URL once started", async () => {
    vi.useFakeTimers();
    const blobs: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return "blob:http://localhost/statement";
    });
    const revoked = vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    const clicked: { download: string; href: string }[] = [];
    const onClick = (event: Event) => {
      const link = event.target as HTMLAnchorElement;
      clicked.push({ download: link.download, href: link.href });
      event.preventDefault();
    };
    document.addEventListener("click", onClick);
    const csv = "\uFEFFPartner;Side;Henvendelser;Vundet;Tabt\r\nEgen side;/;3;1;1\r\n";
    try {
      downloadStatement(document, "2026-11", csv);
    } finally {
      document.removeEventListener("click", onClick);
    }
    expect(clicked).toEqual([{ download: "opgoerelse-2026-11.csv", href: "blob:http://localhost/statement" }]);
    expect(blobs[0].type).toBe("text/csv;charset=utf-8");
    expect(new Uint8Array(await blobs[0].arrayBuffer())).toEqual(new TextEncoder().encode(csv));
    expect(document.querySelector("a[download]")).toBeNull();
    expect(revoked).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoked).toHaveBeenCalledWith("blob:http://localhost/statement");
  });
});
