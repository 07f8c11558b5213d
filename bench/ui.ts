// The chat window with a 1,000-message conversation (`npm run bench:ui` alone), in Debian's Chromium
// against `cairn serve`: the time from choosing the conversation to its last message on screen, and the
// typing latency (an input event to the next frame) there and in an empty conversation. Then the sidebar
// with 10,000 conversations beside 10: the time from opening the page to its rows painted, and the frames
// while the list scrolls.
import {pathToFileURL} from "node:url";
import {chromium, type Page} from "@playwright/test";
import {tempDir} from "../tests/helpers/paths.js";
import {seedConversation, seedManyConversations} from "../tests/helpers/seedConversation.js";
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
        // eslint-disable-next-line @typescript-eslint/unbound-method -- called on the textarea below
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

/** Conversations in the large sidebar; the small one (the reference) has 10. */
const MANY = 10_000;

export async function sidebarFigures() {
    const browser = await chromium.launch({executablePath: "/usr/bin/chromium", args: ["--no-sandbox"]});
    try {
        const small = await sidebarOf(browser, 10);
        const large = await sidebarOf(browser, MANY);
        return {conversations: {small: 10, large: MANY}, runs: RUNS, small, large};
    } finally {
        await browser.close();
    }
}

async function sidebarOf(browser: Awaited<ReturnType<typeof chromium.launch>>, count: number) {
    const dataDir = tempDir();
    seedManyConversations(dataDir, count);
    const served = await startServe({dataDir, model: null});
    try {
        const page = await browser.newPage({viewport: {width: 1280, height: 800}});
        const open: number[] = [];
        for (let run = 0; run < RUNS + 1; run++) {
            await page.goto(served.url);
            const ms = await page.evaluate(async () => {
                while (!document.querySelector(".sidebar .date-group li"))
                    await new Promise((r) => requestAnimationFrame(r));
                return new Promise<number>((r) => requestAnimationFrame(() => r(performance.now())));
            });
            if (run > 0) open.push(ms); // the first load warms the server and the browser's cache
            // The window reads the rest of the list once it is idle: that must not run into the next load.
            await page.waitForTimeout(1500);
        }
        const rows = await page.locator(".sidebar li").count();
        const scroll = await scrollFrames(page);
        return {openMs: median(open), rowsInPage: rows, scroll, languageSwitchMs: await languageSwitch(page)};
    } finally {
        await served.stop();
    }
}

/**
 * Scrolls the conversation list 60 px a frame for 240 frames (about 4 s at 60 Hz) and times each frame: the
 * median and 95th percentile interval, frames per second, and frames over 20 ms (a missed 60 Hz frame).
 */
async function scrollFrames(page: Page) {
    return page.evaluate(async () => {
        const list = document.querySelector<HTMLElement>(".conversation-scroll")!;
        // No named functions in here: tsx's helper for their names does not exist in the page.
        const intervals: number[] = [];
        let last = await new Promise<number>((r) => requestAnimationFrame(r));
        for (let i = 0; i < 240; i++) {
            list.scrollTop += 60;
            const now = await new Promise<number>((r) => requestAnimationFrame(r));
            intervals.push(now - last);
            last = now;
        }
        const sorted = [...intervals].sort((a, b) => a - b);
        const total = intervals.reduce((a, b) => a + b, 0);
        return {
            p50Ms: sorted[Math.floor(sorted.length / 2)]!,
            p95Ms: sorted[Math.floor(sorted.length * 0.95)]!,
            fps: (intervals.length / total) * 1000,
            framesOver20Ms: intervals.filter((t) => t > 20).length,
            scrolledPx: list.scrollTop,
        };
    });
}

/**
 * Switches the window's language in Settings, English to German and back, 10 times: the median time from the
 * choice to the next frame after the sidebar shows the new words (every translated word redrawn, the date
 * groups of the whole list named again).
 */
async function languageSwitch(page: Page): Promise<number> {
    await page.getByRole("button", {name: "Settings"}).click();
    const language = page.locator('[role="combobox"][aria-describedby="language-hint"]');
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
        const [name, word] = i % 2 === 0 ? ["Deutsch", "Einstellungen"] : ["English", "Settings"];
        // The list is opened first; the time runs from the choice (a click on the option) to the next frame
        // after the sidebar shows the new words.
        await language.click();
        const option = page.getByRole("option", {name, exact: true});
        await option.waitFor();
        times.push(
            await option.evaluate(async (element, word) => {
                const sidebar = document.querySelector(".sidebar")!;
                const started = performance.now();
                (element as HTMLElement).click();
                while (!sidebar.textContent.includes(word))
                    await new Promise((r) => requestAnimationFrame(r));
                await new Promise((r) => requestAnimationFrame(r));
                return performance.now() - started;
            }, word),
        );
    }
    return times.sort((a, b) => a - b)[5]!;
}

export function sidebarRows(figures: Awaited<ReturnType<typeof sidebarFigures>>): Record<string, string> {
    const {small, large} = figures;
    const scroll = (s: typeof small.scroll) =>
        `${s.fps.toFixed(0)} fps, frame p50 ${s.p50Ms.toFixed(1)} / p95 ${s.p95Ms.toFixed(1)} ms, ${s.framesOver20Ms} over 20 ms`;
    return {
        "sidebar open, 10,000 conversations / 10 (ms from page start to rows painted, target <= 300)": `${large.openMs.toFixed(0)} / ${small.openMs.toFixed(0)}`,
        "sidebar rows in the page, 10,000 conversations / 10": `${large.rowsInPage} / ${small.rowsInPage}`,
        "sidebar scrolling, 10,000 conversations (target 60 fps)": scroll(large.scroll),
        "switching language, 10,000 conversations / 10 (ms to the next frame, target <= 100)": `${large.languageSwitchMs.toFixed(0)} / ${small.languageSwitchMs.toFixed(0)}`,
    };
}

export function uiRows(figures: Awaited<ReturnType<typeof uiFigures>>): Record<string, string> {
    return {
        [`open a ${figures.messages}-message conversation (ms, target <= 300)`]: figures.openMs.toFixed(0),
        "typing latency, empty / 1,000 messages (ms to the next frame)": `${figures.typingLatencyMs.empty.toFixed(1)} / ${figures.typingLatencyMs.thousandMessages.toFixed(1)}`,
    };
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
    const figures = await uiFigures();
    const sidebar = await sidebarFigures();
    console.log(JSON.stringify({...figures, sidebar}, null, 2));
    console.table({...uiRows(figures), ...sidebarRows(sidebar)});
}
