// The SMTP server of the tests and of the local stack (dev/local/mail-server.js), plain and over implicit
// TLS: a client whose connection fails costs that client its message, never the server or the process
// it runs in. A function's Deno process that is stopped while it sends resets its connection in the
// middle of a message; a client that does not trust the certificate breaks off the TLS handshake.
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { connect as connectTls } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestCertificate } from "../../dev/local/certificate.js";
import { startMailbox } from "../support/mailbox.js";
import { startTlsMailbox } from "../support/tls-mailbox.js";

/**
 * Opens an SMTP session on 127.0.0.1:`port` (over TLS with `tlsOptions`) and reads the greeting.
 * `command(line)` sends one line and resolves with the code of the server's final reply line;
 * `reset()` drops the connection with a TCP reset, as the kernel does for a process that is killed.
 * @param {number} port
 * @param {import("node:tls").ConnectionOptions} [tlsOptions]
 */
async function openSession(port, tlsOptions) {
  const raw = connect(port, "127.0.0.1");
  await once(raw, "connect");
  const socket = tlsOptions ? connectTls({ socket: raw, servername: "localhost", ...tlsOptions }) : raw;
  let received = "";
  /** @type {{ resolve: (code: number) => void, reject: (error: Error) => void } | null} */
  let waiting = null;
  const answer = () => {
    const final = /^(\d{3}) .*\r\n/m.exec(received);
    if (!final || !waiting) return;
    received = received.slice(final.index + final[0].length);
    const { resolve } = waiting;
    waiting = null;
    resolve(Number(final[1]));
  };
  socket.setEncoding("utf8");
  socket.on("data", (chunk) => {
    received += chunk;
    answer();
  });
  socket.on("error", (error) => waiting?.reject(error));
  /** @returns {Promise<number>} */
  const reply = () =>
    new Promise((resolve, reject) => {
      waiting = { resolve, reject };
      answer();
    });
  expect(await reply()).toBe(220);
  return {
    /** @param {string} line */
    command: (line) => {
      socket.write(`${line}\r\n`);
      return reply();
    },
    async reset() {
      const closed = once(raw, "close");
      raw.resetAndDestroy();
      await closed;
    },
  };
}

/** A session that has begun a message (the server holds its sender) and is then reset. @param {number} port @param {import("node:tls").ConnectionOptions} [tlsOptions] */
async function resetInTheMiddleOfAMessage(port, tlsOptions) {
  const session = await openSession(port, tlsOptions);
  expect(await session.command("EHLO client.test")).toBe(250);
  expect(await session.command("MAIL FROM:<formular@example.dk>")).toBe(250);
  await session.reset();
}

/** A whole message, from greeting to QUIT. @param {number} port @param {import("node:tls").ConnectionOptions} [tlsOptions] */
async function deliver(port, tlsOptions) {
  const session = await openSession(port, tlsOptions);
  expect(await session.command("EHLO client.test")).toBe(250);
  expect(await session.command("MAIL FROM:<formular@example.dk>")).toBe(250);
  expect(await session.command("RCPT TO:<firma@example.dk>")).toBe(250);
  expect(await session.command("DATA")).toBe(354);
  expect(await session.command("Subject: Efter de afbrudte\r\n\r\nDen hele besked.\r\n.")).toBe(250);
  expect(await session.command("QUIT")).toBe(221);
}

/**
 * Runs `work` and resolves with the exceptions nobody caught while it ran. Vitest still reports each one
 * as an unhandled error; this only lets the test name the rule it breaks.
 * @param {() => Promise<void>} work
 */
async function uncaughtDuring(work) {
  /** @type {Error[]} */
  const thrown = [];
  const record = (/** @type {Error} */ error) => thrown.push(error);
  process.on("uncaughtExceptionMonitor", record);
  try {
    await work();
  } finally {
    process.off("uncaughtExceptionMonitor", record);
  }
  return thrown;
}

// The server reads a reset at its next turn of the event loop, long before the later whole message's
// six round trips are through: when `deliver` resolves, every earlier failure has been handled.

describe("the plain SMTP server", () => {
  /** @type {Awaited<ReturnType<typeof startMailbox>>} */
  let mailbox;
  beforeAll(async () => {
    mailbox = await startMailbox();
  });
  afterAll(async () => {
    await mailbox?.stop();
  });

  it("keeps serving, and throws nothing, when clients reset their connections in the middle of a message", async () => {
    const thrown = await uncaughtDuring(async () => {
      await resetInTheMiddleOfAMessage(mailbox.port);
      await resetInTheMiddleOfAMessage(mailbox.port);
      await deliver(mailbox.port);
    });
    expect(thrown).toEqual([]);
    expect((await mailbox.all()).map((mail) => mail.parsed.subject)).toEqual(["Efter de afbrudte"]);
  });
});

describe("the SMTP server over implicit TLS", () => {
  /** @type {import("../../dev/local/certificate.js").TestCertificate} */
  let certificate;
  /** @type {Awaited<ReturnType<typeof startTlsMailbox>>} */
  let mailbox;
  beforeAll(async () => {
    certificate = makeTestCertificate();
    mailbox = await startTlsMailbox(certificate);
  });
  afterAll(async () => {
    await mailbox?.stop();
    certificate?.remove();
  });

  it("keeps serving, and throws nothing, after a client refuses its certificate and others reset in the middle of a message", async () => {
    const port = Number(new URL(mailbox.url).port);
    const trusting = { ca: readFileSync(certificate.caFile) };
    const thrown = await uncaughtDuring(async () => {
      // The system's authorities do not know the test's certificate: the client breaks off the handshake.
      await expect(openSession(port, {})).rejects.toMatchObject({ code: "UNABLE_TO_VERIFY_LEAF_SIGNATURE" });
      await resetInTheMiddleOfAMessage(port, trusting);
      await resetInTheMiddleOfAMessage(port, trusting);
      await deliver(port, trusting);
    });
    expect(thrown).toEqual([]);
    expect((await mailbox.all()).map((mail) => mail.subject)).toEqual(["Efter de afbrudte"]);
  });
});
