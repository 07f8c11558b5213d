import assert from "node:assert/strict";
import {test} from "node:test";
import {
    matches,
    normalText,
    scoreStep,
    type Expectation,
    type MadeCall,
} from "../../../../main/probe/score.js";
import {SUITE, type ProbeCase} from "../../../../main/probe/suite.js";

const caseOf = (id: string): ProbeCase => {
    const found = SUITE.find((c) => c.id === id);
    assert.ok(found, id);
    return found;
};
const expectOf = (id: string, step = 0): Expectation => caseOf(id).steps[step]!.expect;
const made = (name: string, params: unknown = {}): MadeCall => ({name, params});

/** Each answer the scorer must accept, then each it must refuse, with the words its reason must hold. */
function judge(expected: Expectation, right: MadeCall[][], wrong: [MadeCall[], RegExp][]): void {
    for (const calls of right)
        assert.deepEqual(scoreStep(expected, calls), {pass: true}, JSON.stringify(calls));
    for (const [calls, reason] of wrong) {
        const verdict = scoreStep(expected, calls);
        assert.equal(verdict.pass, false, `accepted a wrong answer: ${JSON.stringify(calls)}`);
        if (!verdict.pass) assert.match(verdict.reason, reason);
    }
}

test("simple: the right function with its argument written any reasonable way; a wrong value, a missing one or an extra call fails", () => {
    judge(
        expectOf("simple-weather-1"),
        [
            [made("get_weather", {city: "Paris"})],
            [made("get_weather", {city: "paris, france", unit: "celsius"})],
            [made("get_weather", {city: " PARIS. "})],
        ],
        [
            [[made("get_weather", {city: "Lyon"})], /"city" is "Lyon"/],
            [[made("get_weather", {})], /missing the required argument "city"/],
            [[made("get_weather", {city: "Paris", unit: "kelvin"})], /"unit" is "kelvin"/],
            [[made("get_weather", {city: "Paris", country: "FR"})], /unknown argument "country"/],
            [[made("get_time", {timezone: "Europe/Paris"})], /called get_time where get_weather/],
            [
                [made("get_weather", {city: "Paris"}), made("get_weather", {city: "Paris"})],
                /2 call\(s\) where 1/,
            ],
            [[], /0 call\(s\) where 1/],
        ],
    );
    // Numbers: 25 and 25.0 are one; "25" is text, not a number.
    judge(
        expectOf("simple-timer-2"),
        [[made("set_timer", {minutes: 25})], [made("set_timer", {minutes: 25.0, label: "tea"})]],
        [
            [[made("set_timer", {minutes: "25"})], /"minutes" is "25"/],
            [[made("set_timer", {minutes: 2.5})], /2.5/],
        ],
    );
});

test("multiple: the one tool that fits among many; a neighbour's tool fails", () => {
    judge(
        expectOf("multiple-currency-1"),
        [[made("convert_currency", {amount: 100, from: "usd", to: "EUR"})]],
        [
            [[made("convert_currency", {amount: 100, from: "EUR", to: "USD"})], /"from" is "EUR"/],
            [[made("get_stock_price", {symbol: "USD"})], /called get_stock_price/],
        ],
    );
});

test("parallel: every expected call once, in any order; one left out or one twice fails", () => {
    const expected = expectOf("parallel-weather-1");
    judge(
        expected,
        [
            [made("get_weather", {city: "Paris"}), made("get_weather", {city: "Rome"})],
            [made("get_weather", {city: "Rome"}), made("get_weather", {city: "Paris", unit: "celsius"})],
        ],
        [
            [[made("get_weather", {city: "Paris"})], /1 call\(s\) where 2/],
            [
                [made("get_weather", {city: "Paris"}), made("get_weather", {city: "Paris"})],
                /"city" is "Paris"/,
            ],
            [[made("get_weather", {city: "Paris"}), made("get_time", {timezone: "Europe/Rome"})], /get_time/],
        ],
    );
});

test("irrelevance: no call is right; any call fails", () => {
    judge(
        expectOf("irrelevance-1"),
        [[]],
        [[[made("get_weather", {city: "autumn"})], /answered without a tool/]],
    );
});

test("missing parameter: asking (no call) is right; a call with an invented value fails", () => {
    judge(
        expectOf("missing-1"),
        [[]],
        [
            [
                [made("send_email", {to: "maria@example.com", subject: "Hi", body: "Hello"})],
                /asked for the missing value/,
            ],
        ],
    );
});

test("types: an enum's member, integer bounds as written, a nested object whole, an array in order", () => {
    judge(
        expectOf("types-pizza-1"),
        [[made("order_pizza", {size: "large", toppings: ["mushrooms", "olives"]})]],
        [
            [[made("order_pizza", {size: "LARGE-ish", toppings: ["mushrooms", "olives"]})], /"size"/],
            [[made("order_pizza", {size: "large", toppings: "mushrooms, olives"})], /"toppings"/],
            [[made("order_pizza", {size: "large", toppings: ["olives", "mushrooms"]})], /"toppings"/],
            [[made("order_pizza", {size: "large", toppings: ["mushrooms"]})], /"toppings"/],
        ],
    );
    judge(
        expectOf("types-event-1"),
        [
            [
                made("create_event", {
                    title: "dentist",
                    start: {date: "2027-03-14", time: "09:30"},
                    duration_minutes: 45,
                }),
            ],
        ],
        [
            [
                [made("create_event", {title: "Dentist", start: {date: "2027-03-14"}, duration_minutes: 45})],
                /"start"/,
            ],
            [
                [
                    made("create_event", {
                        title: "Dentist",
                        start: {date: "2027-03-14", time: "09:30", zone: "UTC"},
                        duration_minutes: 45,
                    }),
                ],
                /"start"/,
            ],
            [
                [made("create_event", {title: "Dentist", start: "2027-03-14 09:30", duration_minutes: 45})],
                /"start"/,
            ],
        ],
    );
});

test("multi-turn: the second call must use what the first one returned", () => {
    const restaurant = caseOf("multiTurn-restaurant-1");
    assert.match(restaurant.steps[0]!.result ?? "", /r-4411/);
    judge(
        expectOf("multiTurn-restaurant-1", 0),
        [[made("find_restaurants", {city: "Lyon", cuisine: "French"})]],
        [],
    );
    judge(
        expectOf("multiTurn-restaurant-1", 1),
        [[made("book_table", {restaurant_id: "r-4411", people: 2, time: "19:30"})]],
        [
            [[made("book_table", {restaurant_id: "Chez Lyon", people: 2, time: "19:30"})], /"restaurant_id"/],
            [[made("book_table", {restaurant_id: "r-4411", people: 2, time: "7:30 pm"})], /"time"/],
        ],
    );
});

test("Cairn's own tools: free text holds the request's words; the wrong one of Cairn's tools fails", () => {
    judge(
        expectOf("cairn-web-1"),
        [
            [made("web_search", {query: "latest election results"})],
            [made("web_search", {query: "Election Results 2026", max_results: 5})],
        ],
        [
            [[made("web_search", {query: "latest elections"})], /"query"/],
            [[made("rag_search", {query: "election results"})], /called rag_search/],
        ],
    );
    judge(
        expectOf("cairn-stats-1"),
        [[made("system_stats")], [made("system_stats", {})]],
        [[[made("system_stats", {verbose: true})], /unknown argument/]],
    );
});

test("values compare by meaning: case, spaces and punctuation aside; numbers by value; booleans and null exactly", () => {
    assert.equal(normalText("New York, NY."), normalText("new-york ny"));
    assert.equal(normalText("Ünïcödé"), "ünïcödé");
    assert.ok(matches("America/New_York", "america/new_york"));
    assert.ok(!matches("America/New_York", "America/Chicago"));
    assert.ok(matches(3, 3.0));
    assert.ok(!matches(3, "3"));
    assert.ok(matches(true, true) && !matches(true, "true"));
    assert.ok(matches(null, null) && !matches(null, 0));
    assert.ok(matches({words: ["river", "flood"]}, "Flood on the River Thames"));
    assert.ok(!matches({words: ["river", "flood"]}, "rain"));
    assert.ok(!matches({words: ["x"]}, 5));
});
