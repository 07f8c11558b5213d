/** A unified diff, each line marked as added, removed, a hunk header or context (colour and a sign). */
export function DiffView({diff, label}: {diff: string; label: string}) {
    return (
        <pre className="diff" aria-label={label} tabIndex={0}>
            {diff.split("\n").map((line, i) => (
                <span key={i} className={kindOf(line)}>
                    {line}
                    {"\n"}
                </span>
            ))}
        </pre>
    );
}

function kindOf(line: string): string {
    if (line.startsWith("+++") || line.startsWith("---")) return "file";
    if (line.startsWith("@@")) return "hunk";
    if (line.startsWith("+")) return "add";
    if (line.startsWith("-")) return "del";
    return "same";
}
