// Saving text the inbox made (the statement's CSV, a customer's access letter) as a file on the device,
// from a blob: URL that is revoked once the download has started.

/** Starts the download of `text` as `fileName`. */
export function downloadText(document: Document, fileName: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser; revoking at once cancels it in some engines.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The statement of `month` ('2026-11') as the CSV file a spreadsheet opens ('opgoerelse-2026-11.csv'). */
export const downloadStatement = (document: Document, month: string, csv: string) =>
  downloadText(document, `opgoerelse-${month}.csv`, csv, "text/csv;charset=utf-8");
