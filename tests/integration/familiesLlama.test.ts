import {FAMILY_FILES, chatFormatTest, longConversationTest} from "../helpers/familyFormats.js";

// The recommended model families of the Llama 3, Mistral and Phi tokenizers (families.test.ts has the others):
// each family's real tokenizer and chat template on tiny random weights, the chat format that runs and its
// tool-call syntax; what the model writes is noise, the prompt is real.
for (const name of FAMILY_FILES["familiesLlama.test.ts"]) chatFormatTest(name);
longConversationTest("llama-3.1");
