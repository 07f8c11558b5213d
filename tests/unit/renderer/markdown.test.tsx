import assert from "node:assert/strict";
import {test} from "node:test";
import {renderToStaticMarkup} from "react-dom/server";
import {AnswerMarkdown} from "../../../renderer/src/chat/Markdown.js";

const render = (text: string) => renderToStaticMarkup(<AnswerMarkdown text={text} citations={[]} />);

test("GitHub-flavoured markdown: tables, task lists, strikethrough, autolinks", () => {
    const html = render(
        "| Planet | Moons |\n| --- | ---: |\n| Mars | 2 |\n\n- [x] done\n- [ ] to do\n\n~~old~~ see https://example.org",
    );
    assert.match(html, /<table>.*<th>Planet<\/th>.*<td style="text-align:right">2<\/td>/s);
    assert.match(html, /<input type="checkbox" disabled="" aria-label="Done" checked=""\/> done/);
    assert.match(html, /<input type="checkbox" disabled="" aria-label="Not done"\/> to do/);
    assert.match(html, /<del>old<\/del>/);
    assert.match(
        html,
        /<a href="https:\/\/example.org" target="_blank" rel="noopener noreferrer">https:\/\/example.org<\/a>/,
    );
});

test("raw HTML in an answer stays text", () => {
    const html = render('Hi <script>alert(1)</script> <img src=x onerror="alert(2)">');
    assert.doesNotMatch(html, /<script|<img/);
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
});

test("a code block has its language label and a Copy button named for it", () => {
    const html = render("```python\nprint('hi')\n```\n\n```\nplain\n```");
    assert.match(
        html,
        /<span class="code-language">python<\/span><button type="button" aria-label="Copy python code">Copy<\/button>/,
    );
    assert.match(html, /<span class="code-language">text<\/span>/);
    assert.match(
        html,
        /<pre tabindex="0" aria-label="python code"><code class="language-python">print\(&#x27;hi&#x27;\)\n<\/code><\/pre>/,
    );
});

test("math is parsed (rendered by KaTeX once its chunk has loaded)", () => {
    const html = render("Euler: $e^{i\\pi} + 1 = 0$");
    assert.match(html, /<code class="language-math math-inline">e\^\{i\\pi\} \+ 1 = 0<\/code>/);
});

test("an answer's headings sit one level under the page's: # is <h2>, ###### stays <h6>", () => {
    const html = render("# Report\n\n## Findings\n\n### Detail\n\n###### Smallest");
    assert.match(html, /<h2>Report<\/h2>\s*<h3>Findings<\/h3>\s*<h4>Detail<\/h4>\s*<h6>Smallest<\/h6>/);
    assert.doesNotMatch(html, /<h1/);
});
