/**
 * An in-memory index of binary codes (one bit per embedding dimension: its sign), the coarse stage of vector
 * search. At 384 dimensions a code is 48 bytes, so 100,000 chunks take 4.8 MB and a scan by Hamming distance
 * takes a few milliseconds; the candidates it returns are then rescored with their float vectors.
 */
export class CodeIndex {
    private ids = new Int32Array(0);
    private scopes = new Int32Array(0);
    private words = new Uint32Array(0);
    private count = 0;
    private readonly scopeIds = new Map<string, number>();

    /** @param bytes the length of one code in bytes (the dimension / 8, rounded up). */
    constructor(readonly bytes: number) {}

    get size(): number {
        return this.count;
    }

    /** Adds codes: `code` must be `bytes` long. */
    add(entries: Iterable<{id: number; code: Uint8Array; scope: string}>): void {
        const stride = this.stride;
        for (const entry of entries) {
            if (entry.code.byteLength !== this.bytes)
                throw new Error(`a code of ${entry.code.byteLength} bytes in an index of ${this.bytes}`);
            this.reserve(this.count + 1);
            this.ids[this.count] = entry.id;
            this.scopes[this.count] = this.scopeId(entry.scope);
            const padded = new Uint8Array(stride * 4);
            padded.set(entry.code);
            this.words.set(new Uint32Array(padded.buffer), this.count * stride);
            this.count++;
        }
    }

    /**
     * The ids of the `k` codes nearest to `code` by Hamming distance, nearest first, among the given scopes
     * (all when null). Ties at the cut are broken by insertion order.
     */
    nearest(code: Uint8Array, k: number, scopes: string[] | null): number[] {
        if (k <= 0 || this.count === 0) return [];
        const allowed = scopes === null ? null : new Set(scopes.map((s) => this.scopeIds.get(s) ?? -1));
        const query = this.toWords(code);
        const stride = this.stride;
        const distances = new Uint16Array(this.count);
        const histogram = new Uint32Array(stride * 32 + 2);
        const outside = stride * 32 + 1;
        for (let i = 0; i < this.count; i++) {
            if (allowed && !allowed.has(this.scopes[i]!)) {
                distances[i] = outside;
                continue;
            }
            let distance = 0;
            const base = i * stride;
            for (let w = 0; w < stride; w++) distance += popcount(this.words[base + w]! ^ query[w]!);
            distances[i] = distance;
            histogram[distance]!++;
        }
        // The smallest distance d such that at least k codes lie at d or nearer: every code nearer than d is
        // in, and codes at d fill what is left. A counting pass instead of a sort: O(n).
        let cut = 0;
        let below = 0;
        while (cut < outside && below + histogram[cut]! < k) below += histogram[cut++]!;
        const chosen: {id: number; distance: number}[] = [];
        let atCut = k - below;
        for (let i = 0; i < this.count; i++) {
            const distance = distances[i]!;
            if (distance < cut) chosen.push({id: this.ids[i]!, distance});
            else if (distance === cut && cut < outside && atCut > 0) {
                chosen.push({id: this.ids[i]!, distance});
                atCut--;
            }
        }
        return chosen.sort((a, b) => a.distance - b.distance).map((c) => c.id);
    }

    private get stride(): number {
        return Math.ceil(this.bytes / 4);
    }

    private toWords(code: Uint8Array): Uint32Array {
        if (code.byteLength !== this.bytes)
            throw new Error(`a query code of ${code.byteLength} bytes in an index of ${this.bytes}`);
        const padded = new Uint8Array(this.stride * 4);
        padded.set(code);
        return new Uint32Array(padded.buffer);
    }

    private scopeId(scope: string): number {
        let id = this.scopeIds.get(scope);
        if (id === undefined) {
            id = this.scopeIds.size;
            this.scopeIds.set(scope, id);
        }
        return id;
    }

    private reserve(wanted: number): void {
        if (wanted <= this.ids.length) return;
        const capacity = Math.max(wanted, this.ids.length * 2, 1024);
        const grow = <T extends Int32Array | Uint32Array>(old: T, make: (n: number) => T, per: number): T => {
            const next = make(capacity * per);
            next.set(old);
            return next;
        };
        this.ids = grow(this.ids, (n) => new Int32Array(n), 1);
        this.scopes = grow(this.scopes, (n) => new Int32Array(n), 1);
        this.words = grow(this.words, (n) => new Uint32Array(n), this.stride);
    }
}

function popcount(x: number): number {
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
