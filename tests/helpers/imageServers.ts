import http from "node:http";
import type {AddressInfo} from "node:net";
import sharp from "sharp";
import {WebSocketServer} from "ws";

/**
 * A loopback image server speaking the three APIs generate_image knows, as their documents describe them:
 * OpenAI's POST /v1/images/generations, Automatic1111's POST /sdapi/v1/txt2img with GET /sdapi/v1/progress,
 * and ComfyUI's POST /prompt, GET /history/{id}, GET /view and its /ws progress messages. Each image is a
 * PNG it draws at the size asked. `mode`: answer normally, slowly (step by step, with progress), with a
 * server error, or with a reply far over Cairn's limit.
 */
export type ImageServerMode = "ok" | "slow" | "fail" | "oversized";
export type ImageServer = {
    url: string;
    requests: {path: string; body: unknown}[];
    mode: ImageServerMode;
    close(): Promise<void>;
};

const STEP_MS = 300;

async function png(width: number, height: number): Promise<Buffer> {
    return sharp({create: {width, height, channels: 3, background: {r: 220, g: 90, b: 30}}})
        .png()
        .toBuffer();
}

export async function startImageServer(): Promise<ImageServer> {
    const requests: {path: string; body: unknown}[] = [];
    const state = {step: 0, steps: 0};
    const history = new Map<string, {width: number; height: number}>();
    const server = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (c: Buffer) => chunks.push(c));
        req.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
            const path = req.url ?? "";
            if (req.method === "POST") requests.push({path, body});
            void answer(path, body, res).catch((error: Error) => {
                res.writeHead(500);
                res.end(error.message);
            });
        });
    });
    const image: ImageServer = {url: "", requests, mode: "ok", close: async () => {}};
    const json = (res: http.ServerResponse, status: number, value: unknown) => {
        res.writeHead(status, {"Content-Type": "application/json"});
        res.end(JSON.stringify(value));
    };
    const sockets = new WebSocketServer({noServer: true});
    server.on("upgrade", (req, socket, head) =>
        sockets.handleUpgrade(req, socket, head, (ws) => sockets.emit("connection", ws)),
    );

    async function answer(path: string, body: Record<string, unknown> | null, res: http.ServerResponse) {
        if (image.mode === "fail" && path !== "/sdapi/v1/progress")
            return json(res, 500, {error: {message: "CUDA out of memory"}, detail: "CUDA out of memory"});
        if (image.mode === "oversized" && path !== "/sdapi/v1/progress") {
            res.writeHead(200, {"Content-Type": "application/json"});
            const block = Buffer.alloc(1024 * 1024, "A");
            res.write('{"data":[{"b64_json":"');
            for (let i = 0; i < 60; i++) res.write(block);
            return res.end('"}]}');
        }
        if (path === "/v1/images/generations") {
            const [width, height] = String(body!.size).split("x").map(Number);
            return json(res, 200, {
                created: 1,
                data: [{b64_json: (await png(width!, height!)).toString("base64")}],
            });
        }
        if (path === "/sdapi/v1/txt2img") {
            state.steps = Number(body!.steps);
            for (state.step = 0; image.mode === "slow" && state.step < state.steps; state.step++)
                await new Promise((resolve) => setTimeout(resolve, STEP_MS));
            const picture = await png(Number(body!.width), Number(body!.height));
            return json(res, 200, {images: [picture.toString("base64")], info: JSON.stringify({seed: 4242})});
        }
        if (path.startsWith("/sdapi/v1/progress"))
            return json(res, 200, {
                progress: state.steps ? state.step / state.steps : 0,
                state: {sampling_step: state.step, sampling_steps: state.steps},
            });
        if (path === "/prompt") {
            const graph = body!.prompt as Record<
                string,
                {class_type: string; inputs: Record<string, unknown>}
            >;
            const latent = Object.values(graph).find((n) => n.class_type === "EmptyLatentImage")!.inputs;
            const sampler = Object.values(graph).find((n) => n.class_type === "KSampler")!.inputs;
            const id = `prompt-${history.size + 1}`;
            json(res, 200, {prompt_id: id, number: history.size, node_errors: {}});
            const step = (value: number) => {
                for (const ws of sockets.clients)
                    ws.send(
                        JSON.stringify({type: "progress", data: {value, max: sampler.steps, prompt_id: id}}),
                    );
            };
            for (let value = 1; value < Number(sampler.steps); value++) {
                await new Promise((resolve) => setTimeout(resolve, 20));
                step(value);
            }
            history.set(id, {width: Number(latent.width), height: Number(latent.height)});
            // The last step's message comes after the history holds the image, as a real server's can on its
            // own connection: the client has its image (and has closed the socket) before it arrives.
            setTimeout(() => step(Number(sampler.steps)), 1500).unref();
            return;
        }
        if (path.startsWith("/history/")) {
            const id = decodeURIComponent(path.slice("/history/".length));
            if (!history.has(id)) return json(res, 200, {});
            return json(res, 200, {
                [id]: {
                    outputs: {"9": {images: [{filename: `${id}.png`, subfolder: "", type: "output"}]}},
                    status: {status_str: "success", completed: true},
                },
            });
        }
        if (path.startsWith("/view?")) {
            const name = new URL(path, "http://x").searchParams.get("filename")!.replace(/\.png$/, "");
            const size = history.get(name);
            if (!size) return json(res, 404, {error: "no such file"});
            res.writeHead(200, {"Content-Type": "image/png"});
            return res.end(await png(size.width, size.height));
        }
        json(res, 404, {error: `no route ${path}`});
    }

    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    image.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    image.close = () =>
        new Promise<void>((resolve) => {
            for (const ws of sockets.clients) ws.terminate();
            server.closeAllConnections();
            server.close(() => resolve());
        });
    return image;
}
