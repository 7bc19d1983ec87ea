// `npm start` (after the build): serves dist/ at http://localhost:8080, or on $PORT.
import { fileURLToPath } from "node:url";
import { createStaticServer } from "./static-server.js";

const root = fileURLToPath(new URL("../dist/", import.meta.url));
const port = Number(process.env.PORT ?? 8080);
const server = await createStaticServer(root);
server.listen(port, () => console.log(`Site: http://localhost:${port}`));
