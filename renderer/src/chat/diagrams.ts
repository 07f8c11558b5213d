// Mermaid diagrams drawn for the window by one drawing frame (main/server/artifactPages.ts's drawerPage): the
// library is read and started once, on first use, and each diagram after that is drawn in milliseconds. The
// frame is sandboxed like every artifact's (no network, no same origin), out of sight, and removed after a while
// unused. What it posts back is an SVG for a preview's own sandboxed frame, never markup for this page.
import type {CairnApi} from "../../../shared/contract.js";

export type Drawn = {svg: string} | {error: string};

/** How long a drawing frame may take to start (5.5 MB of script on a slow machine: about 1 s) and to draw. */
const START_MS = 30_000;
const DRAW_MS = 20_000;
/** An unused drawing frame is removed after this long (it holds the library: tens of megabytes). */
const IDLE_MS = 5 * 60_000;

type Drawer = {
    frame: HTMLIFrameElement;
    /** The drawings asked for and not answered yet, by id. */
    waiting: Map<number, (drawn: Drawn) => void>;
    /** Stops listening to the frame. */
    stop: () => void;
};

let drawer: Promise<Drawer> | null = null;
let nextId = 1;
let idle: ReturnType<typeof setTimeout> | undefined;

/** Draws a diagram's text in the window's theme: its SVG, or Mermaid's words for what is wrong with it. */
export async function drawDiagram(api: CairnApi, source: string, dark: boolean): Promise<Drawn> {
    let ready: Drawer;
    try {
        ready = await startDrawer(api);
    } catch (error) {
        return {error: error instanceof Error ? error.message : String(error)};
    }
    keepFor(IDLE_MS);
    const id = nextId++;
    return new Promise<Drawn>((resolve) => {
        const timer = setTimeout(() => {
            ready.waiting.delete(id);
            resolve({error: `the diagram was not drawn within ${DRAW_MS / 1000} s`});
        }, DRAW_MS);
        ready.waiting.set(id, (drawn) => {
            clearTimeout(timer);
            resolve(drawn);
        });
        ready.frame.contentWindow?.postMessage({id, source, dark}, "*");
    });
}

/** Starts the drawing frame ahead of a first diagram (a Preview pointed at): its start is most of the wait. */
export function warmDrawer(api: CairnApi): void {
    void startDrawer(api).catch(() => undefined);
}

function startDrawer(api: CairnApi): Promise<Drawer> {
    drawer ??= openDrawer(api).catch((error: unknown) => {
        drawer = null;
        throw error;
    });
    return drawer;
}

async function openDrawer(api: CairnApi): Promise<Drawer> {
    const res = await api.invoke("artifacts.drawer", {});
    if (!res.ok) throw new Error(res.error.message);
    const frame = document.createElement("iframe");
    frame.className = "diagram-drawer";
    frame.title = "Mermaid";
    frame.setAttribute("sandbox", "allow-scripts");
    frame.setAttribute("aria-hidden", "true");
    frame.tabIndex = -1;
    frame.referrerPolicy = "no-referrer";
    const waiting = new Map<number, (drawn: Drawn) => void>();
    let started = () => {};
    const onMessage = (event: MessageEvent) => {
        if (event.source !== frame.contentWindow) return;
        const data: unknown = event.data;
        if (isReady(data)) return started();
        const reply = replyOf(data);
        if (!reply) return;
        waiting.get(reply.id)?.(reply.drawn);
        waiting.delete(reply.id);
    };
    window.addEventListener("message", onMessage);
    const ready: Drawer = {frame, waiting, stop: () => window.removeEventListener("message", onMessage)};
    await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
            close(ready);
            reject(new Error(`Mermaid did not start within ${START_MS / 1000} s`));
        }, START_MS);
        started = () => {
            clearTimeout(timer);
            resolve();
        };
        frame.src = res.value.frame;
        document.body.append(frame);
    });
    return ready;
}

function close(ready: Drawer): void {
    ready.stop();
    ready.frame.remove();
    for (const answer of ready.waiting.values()) answer({error: "the drawing frame was closed"});
    ready.waiting.clear();
}

/** Removes the drawing frame once unused for `ms` (the next diagram starts a new one). */
function keepFor(ms: number): void {
    clearTimeout(idle);
    idle = setTimeout(() => {
        const current = drawer;
        drawer = null;
        void current?.then(close, () => undefined);
    }, ms);
}

function isReady(data: unknown): boolean {
    return typeof data === "object" && data !== null && Reflect.get(data, "ready") === true;
}

/** A drawing's reply, checked: its id, and an SVG or an error as text. */
function replyOf(data: unknown): {id: number; drawn: Drawn} | null {
    if (typeof data !== "object" || data === null) return null;
    const id: unknown = Reflect.get(data, "id");
    const svg: unknown = Reflect.get(data, "svg");
    const error: unknown = Reflect.get(data, "error");
    if (typeof id !== "number") return null;
    if (typeof svg === "string") return {id, drawn: {svg}};
    if (typeof error === "string") return {id, drawn: {error: error.slice(0, 2_000)}};
    return null;
}
