// The probe's own tools: made-up functions with the shapes tool use is tested on (enums, bounded integers,
// nested objects, arrays, optional arguments), never run. Cairn's own tools (web_search, rag_search,
// read_file, system_stats) are offered as the registry defines them.
import type {GbnfJsonObjectSchema} from "node-llama-cpp";

export type ProbeTool = {name: string; description: string; params: GbnfJsonObjectSchema};

const text = {type: "string"} as const;
const tool = (name: string, description: string, params: GbnfJsonObjectSchema): ProbeTool => ({
    name,
    description,
    params,
});

/** Cairn's own tools the suite asks for by name: their schemas come from the tool registry. */
export const CAIRN_TOOLS = ["web_search", "rag_search", "read_file", "system_stats"] as const;

export const PROBE_TOOLS: readonly ProbeTool[] = [
    tool("get_weather", "Current weather for a city.", {
        type: "object",
        properties: {city: text, unit: {enum: ["celsius", "fahrenheit"]}},
        required: ["city"],
    }),
    tool(
        "convert_currency",
        "Converts an amount of money from one currency to another (ISO codes such as EUR).",
        {
            type: "object",
            properties: {amount: {type: "number"}, from: text, to: text},
            required: ["amount", "from", "to"],
        },
    ),
    tool("set_timer", "Starts a countdown timer.", {
        type: "object",
        properties: {minutes: {type: "integer", description: "1 to 1440"}, label: text},
        required: ["minutes"],
    }),
    tool("send_email", "Sends an email.", {
        type: "object",
        properties: {to: text, subject: text, body: text},
        required: ["to", "subject", "body"],
    }),
    tool("search_flights", "Finds flights between two airports (IATA codes) on a date (YYYY-MM-DD).", {
        type: "object",
        properties: {
            from: text,
            to: text,
            date: text,
            passengers: {type: "integer", description: "1 to 9"},
        },
        required: ["from", "to", "date"],
    }),
    tool("find_restaurants", "Finds restaurants in a city; each result has an id to book with.", {
        type: "object",
        properties: {city: text, cuisine: text},
        required: ["city"],
    }),
    tool("book_table", "Books a table at a restaurant found by find_restaurants.", {
        type: "object",
        properties: {
            restaurant_id: text,
            people: {type: "integer", description: "1 to 20"},
            time: {type: "string", description: "24-hour time, HH:MM"},
        },
        required: ["restaurant_id", "people", "time"],
    }),
    tool("add_todo", "Adds items to the to-do list.", {
        type: "object",
        properties: {items: {type: "array", items: text}},
        required: ["items"],
    }),
    tool("translate_text", "Translates text into another language.", {
        type: "object",
        properties: {text, target_language: {enum: ["en", "fr", "de", "es", "it", "ja"]}},
        required: ["text", "target_language"],
    }),
    tool("get_stock_price", "The latest price of a stock, by its ticker symbol.", {
        type: "object",
        properties: {symbol: text},
        required: ["symbol"],
    }),
    tool("create_event", "Adds an event to the calendar.", {
        type: "object",
        properties: {
            title: text,
            start: {
                type: "object",
                properties: {
                    date: {type: "string", description: "YYYY-MM-DD"},
                    time: {type: "string", description: "HH:MM"},
                },
                required: ["date", "time"],
            },
            duration_minutes: {type: "integer", description: "5 to 1440"},
        },
        required: ["title", "start"],
    }),
    tool("calculate_tip", "The tip on a restaurant bill.", {
        type: "object",
        properties: {bill: {type: "number"}, percent: {type: "integer", description: "0 to 100"}},
        required: ["bill", "percent"],
    }),
    tool("get_time", "The current time in a time zone (IANA name, such as Europe/Paris).", {
        type: "object",
        properties: {timezone: text},
        required: ["timezone"],
    }),
    tool("lookup_contact", "Finds a contact by name; returns their email address and phone number.", {
        type: "object",
        properties: {name: text},
        required: ["name"],
    }),
    tool("order_pizza", "Orders a pizza for delivery.", {
        type: "object",
        properties: {size: {enum: ["small", "medium", "large"]}, toppings: {type: "array", items: text}},
        required: ["size", "toppings"],
    }),
    tool("set_thermostat", "Sets the home thermostat.", {
        type: "object",
        properties: {temperature: {type: "number"}, mode: {enum: ["heat", "cool", "auto"]}},
        required: ["temperature", "mode"],
    }),
    tool("track_package", "Where a parcel is, by its tracking number.", {
        type: "object",
        properties: {tracking_number: text},
        required: ["tracking_number"],
    }),
    tool("define_word", "A dictionary definition of an English word.", {
        type: "object",
        properties: {word: text},
        required: ["word"],
    }),
    tool("get_country_info", "A fact about a country.", {
        type: "object",
        properties: {country: text, field: {enum: ["capital", "population", "currency"]}},
        required: ["country", "field"],
    }),
    tool("play_music", "Plays music by artist, song or genre.", {
        type: "object",
        properties: {artist: text, song: text, genre: text},
    }),
];

export function probeTool(name: string): ProbeTool | undefined {
    return PROBE_TOOLS.find((t) => t.name === name);
}
