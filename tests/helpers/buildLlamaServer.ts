// Builds llama-server once per machine (cached under the OS temp folder) before the node tests run, which
// give each file 300 s: the first build takes about 10 minutes on 2 cores (569 s measured), with its progress
// printed at each tenth.
import {llamaServerBinary} from "./llamaServer.js";

console.log(`llama-server: ${await llamaServerBinary()}`);
