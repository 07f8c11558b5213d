import type {Assistant} from "../../../shared/contract.js";

/** Which assistant the next new conversation starts with ("" : none); shown once there is one. */
export function AssistantPicker({
    assistants,
    value,
    onChange,
}: {
    assistants: Assistant[];
    value: string;
    onChange(id: string): void;
}) {
    if (assistants.length === 0) return null;
    return (
        <label className="assistant-picker">
            Start with
            <select value={value} onChange={(e) => onChange(e.target.value)}>
                <option value="">No assistant</option>
                {assistants.map((a) => (
                    <option key={a.id} value={a.id}>
                        {a.icon ? `${a.icon} ` : ""}
                        {a.name}
                        {a.isDefault ? " (default)" : ""}
                    </option>
                ))}
            </select>
        </label>
    );
}

/** The assistant a conversation was started with, in its header. */
export function AssistantBadge({assistant}: {assistant: Assistant | undefined}) {
    if (!assistant) return null;
    return (
        <span className="assistant-badge" title={`Started with the assistant ${assistant.name}`}>
            {assistant.icon && <span aria-hidden>{assistant.icon} </span>}
            {assistant.name}
        </span>
    );
}
