import {useState} from "react";
import {Pencil, Plus, X} from "lucide-react";
import type {TodoItem} from "../../../shared/contract.js";
import {TODO_LIMITS} from "../../../shared/todoLimits.js";
import {useTranslation} from "../i18n/index.js";
import {IconButton} from "../ui/IconButton.js";

type Props = {
    items: TodoItem[];
    /** The list as the person edited it (the whole list; numbered again in its order). */
    onChange: (items: TodoItem[]) => void;
};

/**
 * The task list the agent keeps (the todo tool), above its answer: each task with its state, which the person
 * ticks, rewords, removes or adds to; the model reads the list as edited at its next call.
 */
export function TodoPanel({items, onChange}: Props) {
    const {t} = useTranslation();
    const [editing, setEditing] = useState<number | null>(null);
    const [adding, setAdding] = useState("");
    if (items.length === 0) return null;
    const left = items.filter((i) => i.status !== "done").length;
    const replace = (id: number, change: Partial<TodoItem>) =>
        onChange(items.map((i) => (i.id === id ? {...i, ...change} : i)));
    return (
        <section className="todos" aria-label={t("todo.title")}>
            <h2>
                {t("todo.title")} <span className="muted">{t("todo.left", {left, total: items.length})}</span>
            </h2>
            <ul>
                {items.map((item) => (
                    <li key={item.id} data-status={item.status}>
                        {editing === item.id ? (
                            <TaskEdit
                                text={item.text}
                                onDone={(text) => {
                                    setEditing(null);
                                    if (text && text !== item.text) replace(item.id, {text});
                                }}
                            />
                        ) : (
                            <label>
                                <input
                                    type="checkbox"
                                    checked={item.status === "done"}
                                    onChange={(e) =>
                                        replace(item.id, {status: e.target.checked ? "done" : "pending"})
                                    }
                                />
                                <span className="text">{item.text}</span>
                                {item.status === "in_progress" && (
                                    <span className="state">{t("todo.inProgress")}</span>
                                )}
                            </label>
                        )}
                        <IconButton
                            className="icon"
                            label={t("todo.edit", {task: item.text})}
                            hint={t("todo.editHint")}
                            onClick={() => setEditing(item.id)}
                        >
                            <Pencil aria-hidden size={14} />
                        </IconButton>
                        <IconButton
                            className="icon"
                            label={t("todo.remove", {task: item.text})}
                            hint={t("todo.removeHint")}
                            onClick={() => onChange(items.filter((i) => i.id !== item.id))}
                        >
                            <X aria-hidden size={14} />
                        </IconButton>
                    </li>
                ))}
            </ul>
            {items.length < TODO_LIMITS.items && (
                <form
                    className="todo-add"
                    onSubmit={(e) => {
                        e.preventDefault();
                        const text = adding.trim();
                        if (!text) return;
                        setAdding("");
                        onChange([...items, {id: items.length + 1, text, status: "pending"}]);
                    }}
                >
                    <input
                        aria-label={t("todo.new")}
                        placeholder={t("todo.new")}
                        maxLength={TODO_LIMITS.text}
                        value={adding}
                        onChange={(e) => setAdding(e.target.value)}
                    />
                    <button type="submit" disabled={!adding.trim()}>
                        <Plus aria-hidden size={14} /> {t("todo.add")}
                    </button>
                </form>
            )}
        </section>
    );
}

/** A task's text being reworded: Enter or leaving the field keeps it, Escape leaves it as it was. */
function TaskEdit({text, onDone}: {text: string; onDone: (text: string) => void}) {
    const {t} = useTranslation();
    const [draft, setDraft] = useState(text);
    return (
        <input
            className="todo-edit"
            aria-label={t("todo.editLabel")}
            maxLength={TODO_LIMITS.text}
            autoFocus
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={() => onDone(draft.trim())}
            onKeyDown={(e) => {
                if (e.key === "Enter") onDone(draft.trim());
                if (e.key === "Escape") onDone(text);
            }}
        />
    );
}
