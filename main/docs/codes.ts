import {hammingWasm} from "./kernels/hammingKernel.js";
import {binaryBytes, binaryCode, nibbleBytes, nibbleTable, SCALE_BYTES} from "./quantize.js";

/** Histogram bins: one per possible Hamming distance, up to 2,048 dimensions. */
const MAX_DIMENSION = 2048;
const HISTOGRAM_AT = 0;
const QUERY_AT = (MAX_DIMENSION + 1) * 4;
const ALLOWED_AT = QUERY_AT + MAX_DIMENSION / 8;
/** Scopes (collections, conversations' attachments) that a search can tell apart. */
const MAX_SCOPES = 1 << 20;
const FIRST_GROWING_AT = ALLOWED_AT + MAX_SCOPES;
const PAGE = 65536;
/** The kernel writes 0xFFFF for codes out of scope. */
const OUT_OF_SCOPE = 0xffff;

/** The kernel's memory, as WebAssembly gives it (typed here: main/'s TypeScript has no DOM library). */
type Memory = {readonly buffer: ArrayBuffer; grow(pages: number): number};
type Kernel = {
    memory: Memory;
    hamming: (...args: number[]) => void;
    collect: (distances: number, n: number, cut: number, atCut: number, out: number) => number;
};
type Wasm = {
    Module: new (bytes: Uint8Array) => object;
    Instance: new (module: object) => {exports: unknown};
};

const wasm = (globalThis as unknown as {WebAssembly: Wasm}).WebAssembly;
let compiled: object | null = null;

/** An instance of the Hamming kernel with its own memory (one per index). */
function kernel(): Kernel {
    compiled ??= new wasm.Module(Buffer.from(hammingWasm, "base64"));
    return new wasm.Instance(compiled).exports as Kernel;
}

/**
 * The in-memory index of the first two stages of vector search, for one dimension:
 * 1. every code's Hamming distance to the query's binary code, by a WebAssembly SIMD kernel over the binary
 *    codes in its memory (48 bytes a chunk at 384 dimensions), and the `wide` nearest of them;
 * 2. those rescored with their 4-bit codes (196 bytes a chunk, in JavaScript), the best `k` returned.
 * A million chunks at 384 dimensions take about 250 MB (binary codes, their scopes, 4-bit codes, ids).
 */
export class CodeIndex {
    private readonly wasm = kernel();
    private ids = new Int32Array(0);
    private nibbles = new Uint8Array(0);
    private count = 0;
    private capacity = 0;
    private struck = 0;
    /** Scope 0 is that of chunks struck out (deleted): never searched. */
    private readonly scopeIds = new Map<string, number>([["\u0000struck out", 0]]);
    private readonly binary: number;
    private readonly nibble: number;

    constructor(readonly dimension: number) {
        if (dimension > MAX_DIMENSION)
            throw new Error(`vectors of ${dimension} dimensions (at most ${MAX_DIMENSION})`);
        this.binary = binaryBytes(dimension);
        this.nibble = nibbleBytes(dimension);
    }

    get size(): number {
        return this.count;
    }

    /** Chunks struck out: deleted, their place not yet reclaimed. */
    get struckOut(): number {
        return this.struck;
    }

    /** Strikes out `count` chunks from position `start` (a document's, deleted or replaced): never returned again. */
    strikeOut(start: number, count: number): void {
        const scopes = new Int32Array(this.wasm.memory.buffer, this.scopesAt, this.count);
        for (let i = start; i < Math.min(start + count, this.count); i++)
            if (scopes[i] !== 0) {
                scopes[i] = 0;
                this.struck++;
            }
    }

    /** Memory held: the kernel's (binary codes, scopes, scratch) and the 4-bit codes and ids. */
    get memoryBytes(): number {
        return this.wasm.memory.buffer.byteLength + this.nibbles.byteLength + this.ids.byteLength;
    }

    /** Bytes of one chunk's codes in a block (its binary code and its 4-bit code; see codeBlock). */
    get codeBytes(): number {
        return this.binary + this.nibble;
    }

    /**
     * Adds chunks of one scope: `codes` is their block (quantize.ts's codeBlock: the binary codes, then the
     * nibble codes, each in the order of `ids`). Returns the position of the first (the chunks take those after it).
     */
    addRun(ids: ArrayLike<number>, codes: Uint8Array, scope: string): number {
        const size = this.codeBytes;
        if (codes.byteLength !== ids.length * size)
            throw new Error(`a code of ${codes.byteLength / ids.length} bytes in an index of ${size}`);
        this.reserve(this.count + ids.length);
        const start = this.count;
        const n = ids.length;
        new Uint8Array(this.wasm.memory.buffer).set(
            codes.subarray(0, n * this.binary),
            this.codesAt + start * this.binary,
        );
        this.nibbles.set(codes.subarray(n * this.binary), start * this.nibble);
        new Int32Array(this.wasm.memory.buffer, this.scopesAt, this.capacity).fill(
            this.scopeId(scope),
            start,
            start + n,
        );
        this.ids.set(ids, start);
        this.count += n;
        return start;
    }

    /**
     * The `k` chunks with the highest 4-bit scores (≈ cosine) among the `wide` nearest by Hamming distance, in
     * the given scopes (all when null), best first. `unit` is the normalized query.
     */
    nearest(
        unit: Float32Array,
        k: number,
        wide: number,
        scopes: string[] | null,
    ): {id: number; score: number}[] {
        if (k <= 0 || this.count === 0) return [];
        const positions = this.hammingNearest(unit, Math.max(k, wide), scopes);
        const table = nibbleTable(unit);
        const pairs = this.nibble - SCALE_BYTES;
        const view = new DataView(this.nibbles.buffer);
        const scored = Array.from(positions, (position) => {
            const at = position * this.nibble;
            let sum = 0;
            for (let p = 0; p < pairs; p++) sum += table[p * 256 + this.nibbles[at + SCALE_BYTES + p]!]!;
            return {id: this.ids[position]!, score: sum * view.getFloat32(at, true)};
        });
        return scored.sort((a, b) => b.score - a.score).slice(0, k);
    }

    /** Positions of the `wide` codes nearest by Hamming distance (ties at the cut: first added first). */
    private hammingNearest(unit: Float32Array, wide: number, scopes: string[] | null): Int32Array {
        const {memory, hamming, collect} = this.wasm;
        const bytes = new Uint8Array(memory.buffer);
        bytes.fill(0, HISTOGRAM_AT, HISTOGRAM_AT + (MAX_DIMENSION + 1) * 4);
        bytes.set(binaryCode(unit), QUERY_AT);
        bytes.fill(scopes ? 0 : 1, ALLOWED_AT, ALLOWED_AT + this.scopeIds.size);
        bytes[ALLOWED_AT] = 0;
        for (const scope of scopes ?? []) {
            const id = this.scopeIds.get(scope);
            if (id) bytes[ALLOWED_AT + id] = 1;
        }
        hamming(
            QUERY_AT,
            this.codesAt,
            this.count,
            this.binary,
            this.scopesAt,
            ALLOWED_AT,
            1,
            this.distancesAt,
            HISTOGRAM_AT,
        );
        // The smallest distance d with at least `wide` codes at d or nearer: all nearer are in, codes at d fill
        // the rest. A counting pass instead of a sort.
        const histogram = new Uint32Array(memory.buffer, HISTOGRAM_AT, this.dimension + 1);
        let cut = 0;
        let below = 0;
        while (cut <= this.dimension && below + histogram[cut]! < wide) below += histogram[cut++]!;
        const found =
            cut > this.dimension
                ? collect(this.distancesAt, this.count, OUT_OF_SCOPE, 0, this.resultsAt)
                : collect(this.distancesAt, this.count, cut, wide - below, this.resultsAt);
        return new Int32Array(memory.buffer, this.resultsAt, found).slice();
    }

    // The growing regions of the kernel's memory: codes, then their scopes, distances and results.
    private get codesAt(): number {
        return FIRST_GROWING_AT;
    }
    private get scopesAt(): number {
        return this.codesAt + this.capacity * this.binary;
    }
    private get distancesAt(): number {
        return this.scopesAt + this.capacity * 4;
    }
    private get resultsAt(): number {
        return align(this.distancesAt + this.capacity * 2);
    }

    private scopeId(scope: string): number {
        let id = this.scopeIds.get(scope);
        if (id === undefined) {
            if (this.scopeIds.size >= MAX_SCOPES) throw new Error(`more than ${MAX_SCOPES} document scopes`);
            this.scopeIds.set(scope, (id = this.scopeIds.size));
        }
        return id;
    }

    /** Room for `wanted` chunks: the kernel's memory grows, and the scopes move up behind the longer codes. */
    reserve(wanted: number): void {
        if (wanted <= this.capacity) return;
        const capacity = Math.max(wanted, Math.ceil(this.capacity * 1.5), 1024);
        const oldScopes = this.scopesAt;
        const oldCapacity = this.capacity;
        const end = align(this.codesAt + capacity * (this.binary + 4 + 2)) + capacity * 4;
        const pages = Math.ceil(end / PAGE) - this.wasm.memory.buffer.byteLength / PAGE;
        if (pages > 0) this.wasm.memory.grow(pages);
        this.capacity = capacity;
        new Uint8Array(this.wasm.memory.buffer).copyWithin(
            this.scopesAt,
            oldScopes,
            oldScopes + oldCapacity * 4,
        );
        const ids = new Int32Array(capacity);
        ids.set(this.ids);
        this.ids = ids;
        const nibbles = new Uint8Array(capacity * this.nibble);
        nibbles.set(this.nibbles);
        this.nibbles = nibbles;
    }
}

function align(offset: number): number {
    return Math.ceil(offset / 16) * 16;
}
