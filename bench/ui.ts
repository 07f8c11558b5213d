// The chat window with a 1,000-message conversation (`npm run bench:ui` alone), in Debian's Chromium
// against `cairn serve`: the time from choosing the conversation to its last message on screen, and the
// typing latency (an input event to the next frame) there and in an empty conversation.
import {pathToFileURL} from "node:url";
import {chromium, type Page} from "@playwright/test";
import {tempDir} from "../tests/helpers/paths.js";
import {seedConversation} from "../tests/helpers/seedConversation.js";
import {startServe} from "../tests/helpers/serve.js";

const TURNS = 500;
const RUNS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A realistic answer: a paragraph, a list, some code, a citation marker. */
function answer(i: number): string {
    return [
        `Answer ${i}: the moons of Mars are small, irregular and dark; Phobos orbits closer than Deimos [1].`,
        "",
        "- Phobos: 22 km across",
        "- Deimos: 12 km across",
        "",
        "```js",
        `const moons = ["Phobos", "Deimos"]; // ${i}`,
        "```",
    ].join("\n");
}

export async function uiFigures() {
    const dataDir = tempDir();
    seedConversation(dataDir, "Empty", []);
    const turns = Array.from({length: TURNS}, (_, i) => ({
        question: `Question ${i} about the moons of Mars?`,
        answer: answer(i),
    }));
    seedConversation(dataDir, "Long", turns);
    const served = await startServe({dataDir, model: null});
    const browser = await chromium.launch({executablePath: "/usr/bin/chromium", args: ["--no-sandbox"]});
    try {
        const page = await browser.newPage({viewport: {width: 1280, height: 800}});
        await page.goto(served.url);
        await page.locator(".sidebar li").nth(1).waitFor();
        const open: number[] = [];
        const typingLong: number[] = [];
        const typingEmpty: number[] = [];
        for (let run = 0; run < RUNS + 1; run++) {
            await choose(page, "Empty", 0);
            const emptyTyping = await typing(page);
            const ms = await choose(page, "Long", TURNS * 2);
            const longTyping = await typing(page);
            if (run === 0) continue; // the first run warms the page's code
            open.push(ms);
            typingEmpty.push(emptyTyping);
            typingLong.push(longTyping);
        }
        return {
            messages: TURNS * 2,
            runs: RUNS,
            openMs: median(open),
            typingLatencyMs: {empty: median(typingEmpty), thousandMessages: median(typingLong)},
        };
    } finally {
        await browser.close();
        await served.stop();
    }
}

/** Messages the window renders at first (renderer/src/chat/ChatView.tsx's PAGE); earlier ones come on request. */
const FIRST_PAGE = 60;

/** Clicks a conversation; resolves with the ms until its latest messages are on the page and painted. */
async function choose(page: Page, title: string, count: number): Promise<number> {
    const started = await page.evaluate(() => performance.now());
    await page.locator(".sidebar .title", {hasText: new RegExp(`^${title}$`)}).click();
    const expected = Math.min(count, FIRST_PAGE);
    await page.waitForFunction((n) => document.querySelectorAll("article.message").length === n, expected, {
        polling: "raf",
    });
    const painted = await page.evaluate(
        () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now()))),
    );
    return painted - started;
}

/** The median time from an input event in the message box to the next painted frame, over 20 keys. */
async function typing(page: Page): Promise<number> {
    return page.evaluate(async () => {
        const box = document.querySelector<HTMLTextAreaElement>("textarea[aria-label='Message']")!;
        const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!;
        const times: number[] = [];
        for (let i = 0; i < 20; i++) {
            const started = performance.now();
            setter.call(box, `${box.value}x`);
            box.dispatchEvent(new Event("input", {bubbles: true}));
            await new Promise((r) => requestAnimationFrame(() => r(null)));
            times.push(performance.now() - started);
        }
        setter.call(box, "");
        box.dispatchEvent(new Event("input", {bubbles: true}));
        return times.sort((a, b) => a - b)[10]!;
    });
}

export function uiRows(figures: Awaited<ReturnType<typeof uiFigures>>): Record<string, string> {
    return {
        [`open a ${figures.messages}-message conversation (ms, target <= 300)`]: figures.openMs.toFixed(0),
        "typing latency, empty / 1,000 messages (ms to the next frame)": `${figures.typingLatencyMs.empty.toFixed(1)} / ${figures.typingLatencyMs.thousandMessages.toFixed(1)}`,
    };
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
    const figures = await uiFigures();
    console.log(JSON.stringify(figures, null, 2));
    console.table(uiRows(figures));
}
