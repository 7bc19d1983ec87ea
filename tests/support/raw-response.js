// One GET as it travels: the bytes of its status line and headers, and of its body as sent (brotli when
// the server has it), for budgets counted on the wire.
import { get } from "node:http";

/**
 * @param {string | URL} url
 * @param {string} [acceptEncoding]
 * @returns {Promise<{ status: number, head: number, body: number }>}
 */
export function rawResponse(url, acceptEncoding = "br, gzip") {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
      const { rawHeaders, statusCode = 0, statusMessage = "", httpVersion } = response;
      let head = `HTTP/${httpVersion} ${statusCode} ${statusMessage}\r\n`.length + 2;
      for (let index = 0; index < rawHeaders.length; index += 2)
        head += Buffer.byteLength(`${rawHeaders[index]}: ${rawHeaders[index + 1]}\r\n`);
      let body = 0;
      response.on("data", (chunk) => {
        body += chunk.length;
      });
      response.on("end", () => resolve({ status: statusCode, head, body }));
      response.on("error", reject);
    }).on("error", reject);
  });
}
