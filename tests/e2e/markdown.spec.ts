import {expect, test} from "@playwright/test";
import {tempDir} from "../helpers/paths.js";
import {seedConversation} from "../helpers/seedConversation.js";
import {startServe, type Served} from "../helpers/serve.js";

let served: Served;
test.afterEach(async () => served.stop());

const ANSWER = [
    "| Planet | Moons |",
    "| --- | ---: |",
    "| Mars | 2 |",
    "",
    "```js",
    'const moons = ["Phobos", "Deimos"]; // two',
    "```",
    "",
    "Energy: $E = mc^2$",
].join("\n");

test(
    "answers show tables, highlighted code with Copy, and math, all offline",
    {tag: "@small-window"},
    async ({page, context}) => {
        const dataDir = tempDir();
        seedConversation(dataDir, "Markdown", [{question: "Show me", answer: ANSWER}]);
        served = await startServe({dataDir});
        await context.grantPermissions(["clipboard-read", "clipboard-write"]);
        await page.goto(served.url);
        await page.locator(".sidebar .title", {hasText: "Markdown"}).click();
        const answer = page.locator("article.message.assistant");
        await expect(answer.locator("table th").first()).toHaveText("Planet");
        // Highlighting and KaTeX load on first need, from the app's own files.
        await expect(answer.locator(".hljs-keyword").first()).toHaveText("const");
        await expect(answer.locator(".hljs-string").first()).toHaveText('"Phobos"');
        await expect(answer.locator(".katex").first()).toBeVisible();
        await expect(answer.locator(".code-language")).toHaveText("js");
        await answer.getByRole("button", {name: "Copy js code"}).click();
        await expect(answer.getByRole("button", {name: "Copy js code"})).toHaveText("Copied");
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
            'const moons = ["Phobos", "Deimos"]; // two\n',
        );
    },
);

test(
    "a code block with a line wider than the window scrolls sideways from the keyboard",
    {tag: "@small-window"},
    async ({page}) => {
        const dataDir = tempDir();
        const long = `const moons = ${JSON.stringify(Array.from({length: 60}, (_, i) => `moon-${i}`))};`;
        seedConversation(dataDir, "Long line", [
            {question: "Show me", answer: ["```js", long, "```"].join("\n")},
        ]);
        served = await startServe({dataDir});
        await page.goto(served.url);
        await page.locator(".sidebar .title", {hasText: "Long line"}).click();
        const block = page.getByLabel("js code", {exact: true});
        await expect(block).toBeVisible();
        // Tab reaches it from its Copy button; then the arrow keys scroll it.
        await page.getByRole("button", {name: "Copy js code"}).focus();
        await page.keyboard.press("Tab");
        await expect(block).toBeFocused();
        for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
        await expect.poll(() => block.evaluate((pre) => pre.scrollLeft)).toBeGreaterThan(0);
    },
);
