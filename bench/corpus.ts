// A synthetic document corpus for the search-scale bench: text with a natural word-frequency curve and
// embeddings that cluster by topic, so that both sides of hybrid search see realistic work.

/** The most frequent English words, in order: in real text they occur in nearly every passage. */
const COMMON = (
    "the of and to a in is it you that he was for on are with as i his they be at one have this from or had by " +
    "not word but what some we can out other were all there when up use your how said an each she which do their " +
    "time if will way about many then them write would like so these her long make thing see him two has look more"
).split(" ");
const SYLLABLES = "ka lo mi re tu sa ne po vi da gu fe ri mo ta le zu ni ba ko".split(" ");

export type Random = () => number;

/**
 * A small deterministic generator (mulberry32): the same seed gives the same corpus on every machine. Its
 * arithmetic is 32-bit integer (Math.imul): a float LCG whose products pass 2^53 falls into short cycles, and
 * a corpus made with it repeats its vectors.
 */
export function seeded(seed: number): Random {
    let state = seed >>> 0;
    return () => {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
    };
}

/** A vocabulary of `size` words: the common English words first, then made-up words of 2–4 syllables. */
export function vocabulary(size: number): string[] {
    const words = [...COMMON];
    for (let i = 0; words.length < size; i++) {
        let n = i;
        let word = "";
        do {
            word += SYLLABLES[n % SYLLABLES.length];
            n = Math.floor(n / SYLLABLES.length);
        } while (n > 0 || word.length < 4);
        words.push(word);
    }
    return words;
}

/** Samples word ranks with Zipf's law (exponent 1), as word frequencies in natural text follow. */
export function zipfSampler(size: number, random: Random): () => number {
    const cumulative = new Float64Array(size);
    let total = 0;
    for (let rank = 0; rank < size; rank++) cumulative[rank] = total += 1 / (rank + 1);
    return () => {
        const target = random() * total;
        let low = 0;
        let high = size - 1;
        while (low < high) {
            const mid = (low + high) >> 1;
            if (cumulative[mid]! < target) low = mid + 1;
            else high = mid;
        }
        return low;
    };
}

function gaussian(random: Random): number {
    const u = random() || 1e-12;
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

function normalized(vector: Float32Array): Float32Array {
    let sum = 0;
    for (const x of vector) sum += x * x;
    const norm = Math.sqrt(sum) || 1;
    return vector.map((x) => x / norm);
}

/**
 * Embeddings that cluster around topics, as sentence embeddings of real passages do (passages on one
 * subject lie close together). A uniform random cloud would be the wrong test: every point is about as far
 * from every other, which no embedding model produces.
 */
export function topicVectors(dimension: number, topics: number, random: Random) {
    const centres = Array.from({length: topics}, () =>
        Float32Array.from({length: dimension}, () => gaussian(random)),
    );
    return (topic = Math.floor(random() * topics)): Float32Array =>
        normalized(Float32Array.from(centres[topic % topics]!, (x) => x + gaussian(random) * 1.2 + 0.3));
}

/** Words of passage text drawn from the Zipf curve over the vocabulary. */
export function passageText(words: string[], sample: () => number, length: number): string {
    return Array.from({length}, () => words[sample()]).join(" ");
}
