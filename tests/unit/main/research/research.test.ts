import assert from "node:assert/strict";
import {test} from "node:test";
import {noteFrom, supports} from "../../../../main/research/notes.js";
import {checkCitations, evidence} from "../../../../main/research/report.js";
import {newQuestions, nextStep, Replayed, type Step} from "../../../../main/research/steps.js";

const TIDES =
    "Saint-Malo has a walled old town. The tides there rise up to thirteen metres. Ferries leave for Jersey.";

test("a note quotes the sentences that bear on the question, in the source's order, and none when nothing does", () => {
    assert.equal(noteFrom("How high are the tides?", TIDES), "The tides there rise up to thirteen metres.");
    assert.equal(noteFrom("Sourdough starter recipe", TIDES), null);
    const long = Array.from({length: 20}, (_, i) => `Tides fact number ${i} is about tides.`).join(" ");
    assert.ok(noteFrom("tides", long)!.length <= 700);
});

test("a citation is kept only where its sentence shares what it is about with the source read", () => {
    const read = new Map([[1, TIDES]]);
    const checked = checkCitations(
        "Tides at Saint-Malo rise thirteen metres [1]. The moon is made of cheese [1]. Ferries sail [7].",
        read,
    );
    assert.equal(
        checked.text,
        "Tides at Saint-Malo rise thirteen metres [1]. The moon is made of cheese. Ferries sail.",
    );
    assert.deepEqual([checked.kept, checked.removed], [1, 2]);
    assert.ok(supports("The tides rise [1]", TIDES));
    assert.ok(!supports("Cheese [1]", TIDES));
});

test("evidence quotes each note with its number, without breaking the quote", () => {
    assert.equal(evidence([{number: 2, note: 'He said "high" tides.'}]), "- \"He said 'high' tides.\" [2]");
});

const found = (n: number) =>
    Array.from({length: n}, (_, i) => ({
        key: `k${i}`,
        title: `T${i}`,
        text: "tides",
        source: {kind: "document" as const, title: `T${i}`},
    }));

test("the next step: search, read up to three sources, follow once, then write each section", () => {
    const steps: Step[] = [];
    const state = () => new Replayed(["Q1"], steps);
    assert.deepEqual(
        nextStep(state(), true, () => false),
        {kind: "search", question: 0},
    );
    steps.push({kind: "search", question: 0, found: found(4)});
    for (let i = 0; i < 3; i++) {
        const next = nextStep(state(), true, () => false);
        assert.equal(next.kind === "read" && next.candidate.key, `k${i}`);
        steps.push({kind: "read", question: 0, key: `k${i}`, number: i + 1, note: "tides", text: "tides"});
    }
    assert.deepEqual(
        nextStep(state(), true, () => false),
        {kind: "follow", question: 0},
    );
    steps.push({kind: "follow", question: 0, questions: ["Q1a"]});
    assert.deepEqual(
        nextStep(state(), true, () => false),
        {kind: "search", question: 1},
    );
    assert.equal(state().agenda[1]!.depth, 2);
    assert.deepEqual(
        nextStep(state(), false, () => true),
        {kind: "condense", section: 0},
        "no more research",
    );
    steps.push({kind: "condense", section: 0, note: "short"});
    assert.deepEqual(
        nextStep(state(), false, () => true),
        {kind: "write", section: 0},
    );
    steps.push({kind: "write", section: 0, text: "", kept: 0, removed: 0, model: true});
    assert.deepEqual(
        nextStep(state(), false, () => true),
        {kind: "finish"},
    );
    assert.equal(state().counted, 7);
});

test("sub-questions: new ones only, trimmed, at most two", () => {
    const state = new Replayed(["Tides?"], []);
    assert.deepEqual(
        newQuestions(["tides?", "  Why   the moon? ", "", "Why the moon?", "Sun?", "Wind?"], state),
        ["Why the moon?", "Sun?"],
    );
});
