// Builds llama-server once per machine (cached under the OS temp folder) before the node tests run, which
// give each file 120 s: the first build takes about 5 minutes on 2 cores.
import {llamaServerBinary} from "./llamaServer.js";

console.log(`llama-server: ${await llamaServerBinary()}`);
