import assert from "node:assert/strict";
import {test} from "node:test";
import {speakableText, speechPieces} from "../../../renderer/src/chat/speech.js";

const ANSWER = `# Heat pumps

A heat pump **moves** heat [1], it does not *make* it ([source](https://example.org/hp)).

- It uses \`R-32\` as refrigerant.
- It runs backwards in summer [2].

\`\`\`python
print("not read")
\`\`\`

| Season | Mode |
| --- | --- |
| Winter | Heating |

<div>raw html</div>
`;

test("read aloud speaks the words, not the markdown: no syntax, citations or link addresses; code skipped", () => {
    assert.equal(
        speakableText(ANSWER),
        [
            "Heat pumps",
            "A heat pump moves heat, it does not make it (source).",
            "It uses R-32 as refrigerant.",
            "It runs backwards in summer.",
            "Season",
            "Mode",
            "Winter",
            "Heating",
        ].join("\n"),
    );
    assert.match(speakableText(ANSWER, {code: true}), /print\("not read"\)/);
    assert.equal(speakableText("```\nonly code\n```"), "");
});

test("long text is read in pieces along sentence ends (Chromium stops one long utterance), nothing lost", () => {
    const sentence = "The quick brown fox jumps over the lazy dog. ";
    const text = sentence.repeat(30) + "x".repeat(500);
    const pieces = speechPieces(text);
    assert.ok(pieces.length > 5);
    assert.ok(
        pieces.every((p) => p.length <= 220),
        pieces.map((p) => p.length).join(","),
    );
    assert.equal(pieces.join(" ").replace(/\s+/g, ""), text.replace(/\s+/g, ""));
    assert.ok(
        pieces.slice(0, -3).every((p) => p.endsWith(".")),
        "sentences are kept whole",
    );
});
