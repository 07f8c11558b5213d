// Builds llama-server once per machine (cached under the OS temp folder); `npm test` runs this in the
// background beside the other node test files, then the files that need it, which give each file 300 s: the
// first build takes about 47 s on 2 cores alone (310 s where the whole llama.cpp tree is built), with its
// progress printed at each tenth.
import {llamaServerBinary} from "./llamaServer.js";

console.log(`llama-server: ${await llamaServerBinary()}`);
