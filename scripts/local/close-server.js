/** Closes an http.Server now, keep-alive connections included (plain close() waits for idle clients). */
export function closeServer(server) {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections?.();
  });
}
