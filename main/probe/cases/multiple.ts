import {call, calls, offeredWith, one, optional, type ProbeCase, words} from "../caseParts.js";

export const multiple: ProbeCase[] = [
    ...(
        [
            [100, "USD", "EUR", "100 US dollars in euros"],
            [2500, "JPY", "GBP", "2,500 yen in pounds"],
            [40, "CHF", "USD", "40 Swiss francs in dollars"],
            [12.5, "EUR", "SEK", "12.50 euros in Swedish kronor"],
        ] as const
    ).map(([amount, from, to, said], i): ProbeCase => ({
        id: `multiple-currency-${i + 1}`,
        category: "multiple",
        tools: offeredWith("convert_currency", 6 + i * 4),
        phrasings: [
            `How much is ${said}?`,
            `Convert ${said.replace(" in ", " to ")}.`,
            `What would ${said} come to?`,
        ],
        steps: [calls(call("convert_currency", {amount: one(amount), from: one(from), to: one(to)}))],
    })),
    ...(
        [
            ["Good morning, my friend", "fr", "French"],
            ["Where is the train station?", "de", "German"],
            ["Thank you for dinner", "ja", "Japanese"],
            ["The meeting moved to Friday", "es", "Spanish"],
        ] as const
    ).map(([said, code, language], i): ProbeCase => ({
        id: `multiple-translate-${i + 1}`,
        category: "multiple",
        tools: offeredWith("translate_text", 5 + i * 5),
        phrasings: [
            `Translate "${said}" into ${language}.`,
            `How do you say "${said}" in ${language}?`,
            `Give me the ${language} for: ${said}`,
        ],
        steps: [
            calls(
                call("translate_text", {
                    text: words(...said.split(" ").slice(0, 3)),
                    target_language: one(code),
                }),
            ),
        ],
    })),
    ...(
        [
            [
                "Canada",
                "capital",
                "What is the capital of Canada?",
                "Which city is Canada's capital?",
                "Name Canada's capital city.",
            ],
            [
                "Brazil",
                "population",
                "How many people live in Brazil?",
                "What's the population of Brazil?",
                "Brazil: how populous is it?",
            ],
            [
                "Japan",
                "currency",
                "What currency does Japan use?",
                "Which money do they pay with in Japan?",
                "Japan's currency, please.",
            ],
            [
                "Kenya",
                "capital",
                "What's Kenya's capital?",
                "Capital city of Kenya?",
                "Tell me which city is the capital of Kenya.",
            ],
        ] as const
    ).map(([country, field, a, b, c], i): ProbeCase => ({
        id: `multiple-country-${i + 1}`,
        category: "multiple",
        tools: offeredWith("get_country_info", 9 + i * 3),
        phrasings: [a, b, c],
        steps: [calls(call("get_country_info", {country: one(country), field: one(field)}))],
    })),
    ...(
        [
            [84.5, 15],
            [120, 20],
            [37.8, 18],
            [250, 10],
        ] as const
    ).map(([bill, percent], i): ProbeCase => ({
        id: `multiple-tip-${i + 1}`,
        category: "multiple",
        tools: offeredWith("calculate_tip", 8 + i * 4),
        phrasings: [
            `What's a ${percent}% tip on a bill of $${bill}?`,
            `Our dinner cost ${bill} dollars. How much should I tip at ${percent} percent?`,
            `Calculate the tip: bill ${bill}, ${percent} percent.`,
        ],
        steps: [calls(call("calculate_tip", {bill: one(bill), percent: one(percent)}))],
    })),
    ...(["Nina Simone", "Daft Punk", "Miles Davis", "ABBA"] as const).map((artist, i): ProbeCase => ({
        id: `multiple-music-${i + 1}`,
        category: "multiple",
        tools: offeredWith("play_music", 6 + i * 5),
        phrasings: [
            `Play something by ${artist}.`,
            `Put on ${artist}, please.`,
            `I want to listen to ${artist}.`,
        ],
        steps: [calls(call("play_music", {artist: one(artist), song: optional(), genre: optional()}))],
    })),
];
