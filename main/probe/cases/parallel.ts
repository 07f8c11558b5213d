import {ANY_UNIT, ANY_VALUE, call, calls, one, optional, type ProbeCase, words} from "../caseParts.js";

export const parallel: ProbeCase[] = [
    ...(
        [
            ["Paris", "Rome"],
            ["Cairo", "Lagos"],
            ["Seattle", "Denver"],
            ["Madrid", "Lisbon"],
            ["Hanoi", "Bangkok"],
        ] as const
    ).map(([a, b], i): ProbeCase => ({
        id: `parallel-weather-${i + 1}`,
        category: "parallel",
        tools: ["get_weather", "get_time"],
        phrasings: [
            `What's the weather in ${a} and in ${b}?`,
            `Compare the weather in ${a} with ${b}.`,
            `Is it warmer in ${a} or ${b} right now?`,
        ],
        steps: [
            calls(
                call("get_weather", {city: one(a), unit: ANY_UNIT}),
                call("get_weather", {city: one(b), unit: ANY_UNIT}),
            ),
        ],
    })),
    ...(
        [
            ["Apple", "AAPL", "Microsoft", "MSFT"],
            ["Amazon", "AMZN", "Google", "GOOGL"],
            ["Tesla", "TSLA", "Ford", "F"],
        ] as const
    ).map(([n1, s1, n2, s2], i): ProbeCase => ({
        id: `parallel-stocks-${i + 1}`,
        category: "parallel",
        tools: ["get_stock_price", "get_time"],
        phrasings: [
            `Get me the prices of ${s1} and ${s2}.`,
            `How are ${n1} (${s1}) and ${n2} (${s2}) trading?`,
            `Look up both ${s1} and ${s2} stock prices.`,
        ],
        steps: [
            calls(
                call("get_stock_price", {symbol: one(s1)}),
                call("get_stock_price", {symbol: one(s2, ...(s2 === "GOOGL" ? ["GOOG"] : []))}),
            ),
        ],
    })),
    ...(
        [
            [10, "pasta", 20, "bread"],
            [3, "eggs", 45, "laundry"],
        ] as const
    ).map(([m1, l1, m2, l2], i): ProbeCase => ({
        id: `parallel-timers-${i + 1}`,
        category: "parallel",
        tools: ["set_timer", "add_todo"],
        phrasings: [
            `Set a ${m1}-minute timer for the ${l1} and a ${m2}-minute timer for the ${l2}.`,
            `I need two timers: ${l1} in ${m1} minutes, ${l2} in ${m2} minutes.`,
            `Start timers of ${m1} and ${m2} minutes (${l1}, ${l2}).`,
        ],
        steps: [
            calls(
                call("set_timer", {minutes: one(m1), label: optional(ANY_VALUE)}),
                call("set_timer", {minutes: one(m2), label: optional(ANY_VALUE)}),
            ),
        ],
    })),
    ...(
        [
            ["See you tomorrow", "fr", "French", "it", "Italian"],
            ["Happy birthday", "de", "German", "es", "Spanish"],
            ["Where is the museum?", "ja", "Japanese", "fr", "French"],
        ] as const
    ).map(([said, c1, l1, c2, l2], i): ProbeCase => ({
        id: `parallel-translate-${i + 1}`,
        category: "parallel",
        tools: ["translate_text", "define_word"],
        phrasings: [
            `Translate "${said}" into ${l1} and into ${l2}.`,
            `How do you say "${said}" in ${l1}, and in ${l2}?`,
            `Give me "${said}" in both ${l1} and ${l2}.`,
        ],
        steps: [
            calls(
                call("translate_text", {
                    text: words(...said.split(" ").slice(0, 2)),
                    target_language: one(c1),
                }),
                call("translate_text", {
                    text: words(...said.split(" ").slice(0, 2)),
                    target_language: one(c2),
                }),
            ),
        ],
    })),
    ...(
        [
            ["London", "Europe/London", "Sydney", "Australia/Sydney"],
            ["Chicago", "America/Chicago", "Mumbai", "Asia/Kolkata"],
        ] as const
    ).map(([a, za, b, zb], i): ProbeCase => ({
        id: `parallel-time-${i + 1}`,
        category: "parallel",
        tools: ["get_time", "get_weather"],
        phrasings: [
            `What time is it in ${a} and in ${b}?`,
            `Tell me the local time in ${a} and ${b}.`,
            `Is it daytime in ${a}? And in ${b}? Check the clocks.`,
        ],
        steps: [calls(call("get_time", {timezone: one(za)}), call("get_time", {timezone: one(zb)}))],
    })),
];
