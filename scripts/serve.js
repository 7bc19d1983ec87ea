// `npm start` (after the build): serves dist/ at http://localhost:8080, or on $PORT.
import { fileURLToPath } from "node:url";
import { listen } from "../dev/local/servers.js";
import { createStaticServer } from "../dev/static-server.js";

const root = fileURLToPath(new URL("../dist/", import.meta.url));
const port = Number(process.env.PORT ?? 8080);
const server = await createStaticServer(root);
// PORT=0 picks a free port; the line printed says which.
console.log(`Site: http://localhost:${await listen(server, port)}`);
