import type {TurnStats} from "../../../shared/contract.js";

// An answer's details under it: what the model thought, and the counters of the answer.

/** What the model thought before answering: folded, "Thinking…" while it thinks, then "Thought for 12 s". */
export function Thought({text, ms, thinking}: {text: string; ms: number | null; thinking: boolean}) {
    if (!text) return null;
    const label = thinking ? "Thinking…" : ms === null ? "Thought" : `Thought for ${formatSeconds(ms)}`;
    return (
        <details className="thought">
            <summary>{label}</summary>
            <p className="plain">{text.trim()}</p>
        </details>
    );
}

function formatSeconds(ms: number): string {
    return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

export function StatsDetails({stats, model}: {stats: TurnStats; model: string | null}) {
    return (
        <details className="stats">
            <summary>
                {stats.completionTokens} tokens
                {stats.thoughtTokens > 0 && ` · ${stats.thoughtTokens} thinking`}
                {stats.tokensPerSecond !== null && ` · ${stats.tokensPerSecond.toFixed(1)} tok/s`}
                {stats.timeToFirstTokenMs !== null &&
                    ` · first token ${Math.round(stats.timeToFirstTokenMs)} ms`}
            </summary>
            <dl>
                <dt>Model</dt>
                <dd data-stat="model">{model ?? "—"}</dd>
                <dt>Prompt tokens evaluated</dt>
                <dd data-stat="prompt">{stats.promptTokens}</dd>
                <dt>Tokens reused from the cache</dt>
                <dd data-stat="reused">{stats.reusedTokens}</dd>
                <dt>Tokens generated</dt>
                <dd data-stat="generated">{stats.completionTokens}</dd>
                <dt>Tokens spent thinking</dt>
                <dd data-stat="thought">{stats.thoughtTokens}</dd>
                <dt>Time to first token</dt>
                <dd>
                    {stats.timeToFirstTokenMs === null ? "—" : `${Math.round(stats.timeToFirstTokenMs)} ms`}
                </dd>
                <dt>Speed</dt>
                <dd>
                    {stats.tokensPerSecond === null ? "—" : `${stats.tokensPerSecond.toFixed(1)} tokens/s`}
                </dd>
                {stats.draftedTokens !== undefined && (
                    <>
                        <dt>Guessed ahead (speculative decoding)</dt>
                        <dd data-stat="drafted">
                            {stats.acceptedTokens ?? 0} of {stats.draftedTokens} guesses kept (
                            {Math.round(
                                (100 * (stats.acceptedTokens ?? 0)) / Math.max(1, stats.draftedTokens),
                            )}
                            %)
                        </dd>
                    </>
                )}
                {stats.toolsOffered && (
                    <>
                        <dt>Tools</dt>
                        <dd data-stat="tools">{stats.toolsOffered}</dd>
                    </>
                )}
            </dl>
        </details>
    );
}
