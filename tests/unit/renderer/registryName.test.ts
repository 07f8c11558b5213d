import assert from "node:assert/strict";
import {test} from "node:test";
import {freeName} from "../../../shared/mcpNames.js";

test("a server found in the registry takes its own name, or the first free one beside servers already set up", () => {
    assert.equal(freeName("weather", []), "weather");
    assert.equal(freeName("weather", ["files"]), "weather");
    assert.equal(freeName("weather", ["weather"]), "weather-2");
    assert.equal(freeName("weather", ["weather", "weather-2", "weather-3"]), "weather-4");
    // mcp.json takes 64 characters at most: the suffix replaces the end of a long name.
    const long = "a".repeat(64);
    assert.equal(freeName(long, [long]), `${"a".repeat(62)}-2`);
    assert.equal(freeName(long, [long]).length, 64);
});
