import assert from "node:assert/strict";
import {test} from "node:test";
import {JinjaTemplateChatWrapper} from "node-llama-cpp";

// patches/@huggingface+jinja+0.5.11+001+month-formatters-once.patch: a template that renders today's date (Llama
// 3.x's do, with strftime_now) makes its two month formatters once, not at every render.
const TEMPLATE = [
    "{{- bos_token }}",
    '{%- set date_string = strftime_now("%d %b %Y") %}',
    '{%- set month = strftime_now("%B") %}',
    "{%- for message in messages %}",
    "{{- '<|' + message['role'] + '|>' + message['content'] + '<|end|>' }}",
    "{%- endfor %}",
    "{{- 'Today: ' + date_string + ' (' + month + ')' }}",
    "{%- if add_generation_prompt %}{{- '<|assistant|>' }}{%- endif %}",
].join("\n");

test("a template that renders the date makes its month formatters once, and says the date as before", () => {
    const real = Intl.DateTimeFormat;
    let made = 0;
    const counting = function (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        made++;
        return new real(...args);
    };
    counting.supportedLocalesOf = real.supportedLocalesOf.bind(real);
    Intl.DateTimeFormat = counting as unknown as typeof Intl.DateTimeFormat;
    try {
        const wrapper = new JinjaTemplateChatWrapper({template: TEMPLATE});
        let text = "";
        for (let i = 0; i < 20; i++) {
            const state = wrapper.generateContextState({
                chatHistory: [{type: "user", text: `question ${i}`}],
            });
            text = state.contextText.toString();
        }
        const now = new Date();
        const month = (style: "long" | "short") => new real(undefined, {month: style}).format(now);
        const day = String(now.getDate()).padStart(2, "0");
        assert.match(
            text,
            new RegExp(`Today: ${day} ${month("short")} ${now.getFullYear()} \\(${month("long")}\\)`),
        );
        assert.ok(made <= 2, `${made} month formatters made for 20 renders`);
    } finally {
        Intl.DateTimeFormat = real;
    }
});
