import assert from "node:assert/strict";
import {test} from "node:test";
import {readGgufFileInfo} from "node-llama-cpp";
import {
    DraftBackoff,
    DraftLookahead,
    FIRST_LOOKAHEAD,
    LONGEST_LOOKAHEAD,
    vocabularyMismatch,
    vocabularyOf,
    type Vocabulary,
} from "../../../../main/llm/draft.js";
import {TEST_MODEL} from "../../../helpers/paths.js";
import {FAMILIES, templateModel} from "../../../helpers/templateModel.js";

const vocabularyOfFile = async (file: string) =>
    vocabularyOf(await readGgufFileInfo(file, {readTensorInfo: false, logWarnings: false}));

test("real GGUFs: Llama 3.2 drafts for Llama 3.1 (one tokenizer); stories260K and Qwen 3 cannot", async () => {
    const llama31 = templateModel(FAMILIES["llama-3.1"]);
    const big = {file: llama31, vocabulary: await vocabularyOfFile(llama31)};
    const small = {
        file: templateModel(FAMILIES["llama-3.2"]),
        vocabulary: await vocabularyOfFile(templateModel(FAMILIES["llama-3.2"])),
    };
    const stories = {file: TEST_MODEL, vocabulary: await vocabularyOfFile(TEST_MODEL)};
    assert.equal(big.vocabulary.tokens.length, 128_256);
    assert.equal(vocabularyMismatch(big, small), null);
    assert.equal(vocabularyMismatch(big, big), null);
    assert.equal(
        vocabularyMismatch(big, stories),
        "stories260K.gguf cannot draft for " +
            `${big.file.split("/").pop()}: their tokenizers differ (gpt2 and llama). ` +
            "A draft model must be a smaller model of the same family (the same tokenizer)",
    );
    // The Qwen vocabulary is of the same tokenizer kind (gpt2) as Llama 3's, but not the same tokens.
    const qwen = templateModel(FAMILIES.qwen3);
    assert.match(
        vocabularyMismatch(big, {file: qwen, vocabulary: await vocabularyOfFile(qwen)}) ?? "",
        /their vocabularies differ in size \(128,256 and 151,\d{3} tokens\)/,
    );
});

const words = (n: number) => Array.from({length: n}, (_, i) => `t${i}`);
const vocab = (over: Partial<Vocabulary> = {}): Vocabulary => ({
    tokenizer: "gpt2",
    tokens: words(1000),
    bos: 1,
    eos: 2,
    addBos: true,
    ...over,
});
const pair = (target: Vocabulary, draft: Vocabulary) =>
    vocabularyMismatch({file: "/m/big.gguf", vocabulary: target}, {file: "/m/small.gguf", vocabulary: draft});

test("llama.cpp's pairing rule: padding at the end is allowed, a renamed token or other end tokens are not", () => {
    // Families pad their larger models' vocabularies (Qwen 2.5: 151,936 and 152,064 tokens): up to 128 apart.
    assert.equal(pair(vocab(), vocab({tokens: [...words(1000), ...words(128).map((w) => `pad${w}`)]})), null);
    assert.match(
        pair(vocab(), vocab({tokens: words(1129)})) ?? "",
        /differ in size \(1,000 and 1,129 tokens\)/,
    );
    const renamed = words(1000);
    renamed[700] = "other";
    assert.match(
        pair(vocab(), vocab({tokens: renamed})) ?? "",
        /token 700 is "t700" in one and "other" in the other/,
    );
    // The first control tokens are numbered alike and named apart across families' files: not compared.
    const control = words(1000);
    control[3] = "<pad>";
    assert.equal(pair(vocab(), vocab({tokens: control})), null);
    assert.match(pair(vocab(), vocab({eos: 3})) ?? "", /start and end tokens differ/);
    assert.match(pair(vocab(), vocab({tokens: []})) ?? "", /no vocabulary in its file/);
});

test("the lookahead: 4 guesses, twice as many after a round all kept (up to 16), 4 again after a refused guess", () => {
    const lookahead = new DraftLookahead();
    assert.equal(lookahead.next({validated: 0, refuted: 0}), FIRST_LOOKAHEAD);
    assert.equal(FIRST_LOOKAHEAD, 4);
    // Rounds all kept: 8, then 16, and no further.
    assert.equal(lookahead.next({validated: 4, refuted: 0}), 8);
    assert.equal(lookahead.next({validated: 12, refuted: 0}), LONGEST_LOOKAHEAD);
    assert.equal(lookahead.next({validated: 28, refuted: 0}), LONGEST_LOOKAHEAD);
    assert.equal(LONGEST_LOOKAHEAD, 16);
    // Nothing checked since (drafting paused, or the draft stopped at an unsure token): unchanged.
    assert.equal(lookahead.next({validated: 28, refuted: 0}), LONGEST_LOOKAHEAD);
    // One refused guess, even after some kept: back to 4.
    assert.equal(lookahead.next({validated: 34, refuted: 1}), FIRST_LOOKAHEAD);
    assert.equal(lookahead.next({validated: 34, refuted: 1}), FIRST_LOOKAHEAD);
    assert.equal(lookahead.next({validated: 38, refuted: 1}), 8);
    // A new sequence counts from 0 again: its first round is read as a round, not as a loss.
    assert.equal(lookahead.next({validated: 2, refuted: 1}), FIRST_LOOKAHEAD);
    assert.equal(lookahead.next({validated: 6, refuted: 1}), 8);
});

test("the backoff: a window with fewer than half of its guesses kept pauses drafting, longer each time", () => {
    const backoff = new DraftBackoff(false);
    assert.equal(backoff.shouldDraft({validated: 0, refuted: 0}), true);
    // 8 guesses checked, 4 of them kept: enough to go on.
    assert.equal(backoff.shouldDraft({validated: 4, refuted: 4}), true);
    // The next 8: 1 kept. Drafting pauses for 32 tokens.
    assert.equal(backoff.shouldDraft({validated: 5, refuted: 11}), false);
    assert.equal(backoff.paused(), true);
    backoff.generated(31);
    assert.equal(backoff.shouldDraft({validated: 5, refuted: 11}), false);
    backoff.generated(1);
    assert.equal(backoff.shouldDraft({validated: 5, refuted: 11}), true);
    // Another poor round: twice as long (64).
    assert.equal(backoff.shouldDraft({validated: 5, refuted: 19}), false);
    backoff.generated(63);
    assert.equal(backoff.paused(), true);
    backoff.generated(1);
    assert.equal(backoff.paused(), false);
});

/** The model's first 8 tokens alone, at `msPerToken` each: its pace, before any draft. */
function probed(msPerToken: number): DraftBackoff {
    const backoff = new DraftBackoff();
    assert.equal(
        backoff.shouldDraft({validated: 0, refuted: 0}),
        false,
        "the first tokens go without a draft",
    );
    for (let i = 0; i < 8; i++) {
        backoff.timed(false, 1, msPerToken);
        backoff.generated(1);
    }
    assert.equal(backoff.shouldDraft({validated: 0, refuted: 0}), true);
    return backoff;
}

test("the backoff compares paces: a draft whose guesses are kept but slow the answer pauses; a fast one goes on", () => {
    // The model alone: 29 ms a token. A round of 8 guesses, all kept, took 280 ms for 9 tokens (31 ms each):
    // slower, so drafting pauses though every guess was kept.
    const slow = probed(29);
    slow.timed(true, 1, 280);
    for (let i = 0; i < 8; i++) slow.timed(true, 1, 0.1);
    assert.equal(slow.shouldDraft({validated: 8, refuted: 0}), false);
    assert.equal(slow.paused(), true);
    // A round of 9 tokens in 120 ms (13 ms each): drafting goes on.
    const fast = probed(29);
    fast.timed(true, 1, 120);
    for (let i = 0; i < 8; i++) fast.timed(true, 1, 0.1);
    assert.equal(fast.shouldDraft({validated: 8, refuted: 0}), true);
    // The pace of the model alone is taken again while drafting pauses: a slower machine now, 60 ms a token, and
    // the same round of 280 ms pays.
    slow.generated(32);
    for (let i = 0; i < 32; i++) slow.timed(false, 1, 60);
    assert.equal(slow.shouldDraft({validated: 8, refuted: 0}), true);
    slow.timed(true, 1, 280);
    for (let i = 0; i < 8; i++) slow.timed(true, 1, 0.1);
    assert.equal(slow.shouldDraft({validated: 16, refuted: 0}), true);
});
