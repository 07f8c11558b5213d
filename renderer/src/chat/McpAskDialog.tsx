import {useState} from "react";
import type {McpAnswerAction, McpAsk} from "../../../shared/contract.js";
import {Dialog} from "../ui/Dialog.js";
import {Trans, useTranslation} from "../i18n/index.js";
import {Select} from "../ui/Select.js";

type Value = string | number | boolean;
type Field = {
    type?: string;
    title?: string;
    description?: string;
    enum?: unknown[];
    oneOf?: {const?: unknown; title?: string}[];
    default?: unknown;
    format?: string;
};
type Props = {ask: McpAsk; onAnswer: (action: McpAnswerAction, content?: Record<string, Value>) => void};

/**
 * What an MCP server asks while one of its tools runs, in the approval dialog's style: a form built from
 * its schema (elicitation), or the messages it wants the model to answer (sampling). Escape cancels.
 */
export function McpAskDialog({ask, onAnswer}: Props) {
    if (ask.kind === "elicitation") return <FormAsk ask={ask} onAnswer={onAnswer} />;
    if (ask.kind === "url") return <UrlAsk ask={ask} onAnswer={onAnswer} />;
    return <SamplingAsk ask={ask} onAnswer={onAnswer} />;
}

/**
 * A page the server wants opened: its message, where it leads (the host apart, the whole address below).
 * Open is a link (the desktop app confirms external links and opens them in the system browser).
 */
function UrlAsk({ask, onAnswer}: {ask: Extract<McpAsk, {kind: "url"}>; onAnswer: Props["onAnswer"]}) {
    const {t} = useTranslation();
    return (
        <Dialog
            label={t("mcpAsk.openPage", {server: ask.server})}
            onClose={() => onAnswer("cancel")}
            className="ask-dialog"
        >
            <h2>
                <Trans
                    i18nKey="mcpAsk.openPageTitle"
                    values={{server: ask.server}}
                    components={{code: <code />}}
                />
            </h2>
            <p className="ask-message">{ask.message}</p>
            <p>
                <Trans i18nKey="mcpAsk.leadsTo" values={{host: ask.host}} components={{b: <strong />}} />
            </p>
            <p className="ask-url">
                <code>{ask.url}</code>
            </p>
            <div className="choices">
                <a
                    className="button primary"
                    href={ask.url}
                    target="_blank"
                    rel="noreferrer"
                    data-autofocus
                    onClick={() => onAnswer("accept")}
                >
                    {t("mcpAsk.open", {host: ask.host})}
                </a>
                <button className="deny" onClick={() => onAnswer("decline")}>
                    {t("mcpAsk.decline")}
                </button>
            </div>
        </Dialog>
    );
}

function FormAsk({
    ask,
    onAnswer,
}: {
    ask: Extract<McpAsk, {kind: "elicitation"}>;
    onAnswer: Props["onAnswer"];
}) {
    const {t} = useTranslation();
    const schema = ask.schema as {properties?: Record<string, Field>; required?: string[]};
    const fields = Object.entries(schema.properties ?? {});
    const required = new Set(schema.required ?? []);
    const [values, setValues] = useState<Record<string, Value>>(() =>
        Object.fromEntries(
            fields.flatMap(([key, f]) =>
                isValue(f.default) ? [[key, f.default]] : f.type === "boolean" ? [[key, false]] : [],
            ),
        ),
    );
    const set = (key: string, value: Value | undefined) =>
        setValues((v) => {
            const {[key]: _old, ...rest} = v;
            return value === undefined ? rest : {...rest, [key]: value};
        });
    return (
        <Dialog
            label={t("mcpAsk.asks", {server: ask.server})}
            onClose={() => onAnswer("cancel")}
            className="ask-dialog"
        >
            <h2>
                <Trans
                    i18nKey="mcpAsk.asksTitle"
                    values={{server: ask.server}}
                    components={{code: <code />}}
                />
            </h2>
            <p className="ask-message">{ask.message}</p>
            <form
                onSubmit={(e) => {
                    e.preventDefault();
                    onAnswer("accept", values);
                }}
            >
                {fields.map(([key, field]) => (
                    <FormField
                        key={key}
                        name={key}
                        field={field}
                        required={required.has(key)}
                        value={values[key]}
                        onChange={(value) => set(key, value)}
                    />
                ))}
                <div className="choices">
                    <button type="submit" className="primary" data-autofocus>
                        {t("mcpAsk.send")}
                    </button>
                    <button type="button" onClick={() => onAnswer("decline")}>
                        {t("mcpAsk.decline")}
                    </button>
                </div>
            </form>
        </Dialog>
    );
}

function FormField({
    name,
    field,
    required,
    value,
    onChange,
}: {
    name: string;
    field: Field;
    required: boolean;
    value: Value | undefined;
    onChange: (value: Value | undefined) => void;
}) {
    const {t} = useTranslation();
    const label = required ? t("mcpAsk.required", {label: field.title ?? name}) : (field.title ?? name);
    const hint = field.description && <span className="hint">{field.description}</span>;
    const choices =
        field.enum?.map((v) => ({value: String(v), title: String(v)})) ??
        field.oneOf?.map((o) => ({value: String(o.const), title: o.title ?? String(o.const)}));
    if (field.type === "boolean")
        return (
            <label className="ask-check">
                <input
                    type="checkbox"
                    checked={value === true}
                    onChange={(e) => onChange(e.target.checked)}
                />{" "}
                {label}
                {hint}
            </label>
        );
    if (choices)
        return (
            <label>
                {label}
                <Select
                    value={value === undefined ? "" : String(value)}
                    required={required}
                    onChange={(next) => onChange(next || undefined)}
                    choices={[
                        {value: "", label: t("mcpAsk.choose")},
                        ...choices.map((c) => ({value: c.value, label: c.title})),
                    ]}
                />
                {hint}
            </label>
        );
    const numeric = field.type === "number" || field.type === "integer";
    return (
        <label>
            {label}
            <input
                type={numeric ? "number" : (INPUT_TYPES[field.format ?? ""] ?? "text")}
                step={field.type === "integer" ? 1 : "any"}
                required={required}
                value={value === undefined ? "" : String(value)}
                onChange={(e) =>
                    onChange(
                        e.target.value === "" ? undefined : numeric ? Number(e.target.value) : e.target.value,
                    )
                }
            />
            {hint}
        </label>
    );
}

const INPUT_TYPES: Record<string, string> = {
    email: "email",
    uri: "url",
    date: "date",
    "date-time": "datetime-local",
};

function SamplingAsk({
    ask,
    onAnswer,
}: {
    ask: Extract<McpAsk, {kind: "sampling"}>;
    onAnswer: Props["onAnswer"];
}) {
    const {t} = useTranslation();
    return (
        <Dialog
            label={t("mcpAsk.useModel", {server: ask.server})}
            onClose={() => onAnswer("cancel")}
            className="ask-dialog"
        >
            <h2>
                <Trans
                    i18nKey="mcpAsk.useModelTitle"
                    values={{server: ask.server}}
                    components={{code: <code />}}
                />
            </h2>
            <p>{t("mcpAsk.sampling", {tokens: ask.maxTokens})}</p>
            {ask.systemPrompt && <blockquote className="reason">{ask.systemPrompt}</blockquote>}
            <ol className="ask-messages">
                {ask.messages.map((m, i) => (
                    <li key={i}>
                        <strong>{m.role}</strong>: {m.text}
                    </li>
                ))}
            </ol>
            <div className="choices">
                <button className="primary" data-autofocus onClick={() => onAnswer("accept")}>
                    {t("mcpAsk.allow")}
                </button>
                <button className="deny" onClick={() => onAnswer("decline")}>
                    {t("mcpAsk.deny")}
                </button>
            </div>
        </Dialog>
    );
}

function isValue(v: unknown): v is Value {
    return typeof v === "string" || typeof v === "number" || typeof v === "boolean";
}
