import {ANY_UNIT, ANY_VALUE, call, calls, one, optional, type ProbeCase} from "../caseParts.js";

export const simple: ProbeCase[] = [
    ...(
        [
            ["Paris", ["Paris", "Paris, France"]],
            ["Nairobi", ["Nairobi", "Nairobi, Kenya"]],
            ["Oslo", ["Oslo", "Oslo, Norway"]],
            ["Lima", ["Lima", "Lima, Peru"]],
        ] as const
    ).map(([city, names], i): ProbeCase => ({
        id: `simple-weather-${i + 1}`,
        category: "simple",
        tools: ["get_weather"],
        phrasings: [
            `What's the weather like in ${String(city)}?`,
            `Is it cold in ${String(city)} right now?`,
            `Check the current conditions in ${String(city)} for me.`,
        ],
        steps: [calls(call("get_weather", {city: one(...names), unit: ANY_UNIT}))],
    })),
    ...(
        [
            [5, "5 minutes", "five minutes", "a 5-minute"],
            [25, "25 minutes", "twenty-five minutes", "a 25 minute"],
            [90, "90 minutes", "an hour and a half", "a 90-minute"],
        ] as const
    ).map(([minutes, a, b, c], i): ProbeCase => ({
        id: `simple-timer-${i + 1}`,
        category: "simple",
        tools: ["set_timer"],
        phrasings: [
            `Set a timer for ${a}.`,
            `Remind me in ${b}, please, with a timer.`,
            `Start ${c} countdown.`,
        ],
        steps: [calls(call("set_timer", {minutes: one(minutes), label: optional(ANY_VALUE)}))],
    })),
    ...(
        [
            ["Apple", "AAPL"],
            ["Microsoft", "MSFT"],
            ["Nvidia", "NVDA"],
        ] as const
    ).map(([company, symbol], i): ProbeCase => ({
        id: `simple-stock-${i + 1}`,
        category: "simple",
        tools: ["get_stock_price"],
        phrasings: [
            `What is ${company}'s stock trading at?`,
            `How much is one share of ${company} (${symbol}) right now?`,
            `Get me the latest ${symbol} price.`,
        ],
        steps: [calls(call("get_stock_price", {symbol: one(symbol)}))],
    })),
    ...["serendipity", "ephemeral", "ubiquitous"].map((word, i): ProbeCase => ({
        id: `simple-define-${i + 1}`,
        category: "simple",
        tools: ["define_word"],
        phrasings: [
            `What does "${word}" mean?`,
            `Define the word ${word}.`,
            `Look up ${word} in the dictionary.`,
        ],
        steps: [calls(call("define_word", {word: one(word)}))],
    })),
    ...["1Z999AA10123456784", "JD014600006281234567"].map((number, i): ProbeCase => ({
        id: `simple-package-${i + 1}`,
        category: "simple",
        tools: ["track_package"],
        phrasings: [
            `Where is my parcel ${number}?`,
            `Track package ${number}.`,
            `Has shipment ${number} arrived yet?`,
        ],
        steps: [calls(call("track_package", {tracking_number: one(number)}))],
    })),
    ...(
        [
            ["Tokyo", "Asia/Tokyo"],
            ["New York", "America/New_York"],
            ["Berlin", "Europe/Berlin"],
        ] as const
    ).map(([city, zone], i): ProbeCase => ({
        id: `simple-time-${i + 1}`,
        category: "simple",
        tools: ["get_time"],
        phrasings: [
            `What time is it in ${city}?`,
            `Tell me the current time in ${city}.`,
            `Is it late in ${city} now?`,
        ],
        steps: [calls(call("get_time", {timezone: one(zone)}))],
    })),
    ...["Maria Lopez", "Kenji Sato"].map((name, i): ProbeCase => ({
        id: `simple-contact-${i + 1}`,
        category: "simple",
        tools: ["lookup_contact"],
        phrasings: [
            `What's ${name}'s email address?`,
            `Find ${name} in my contacts.`,
            `I need the phone number of ${name}.`,
        ],
        steps: [calls(call("lookup_contact", {name: one(name)}))],
    })),
];
