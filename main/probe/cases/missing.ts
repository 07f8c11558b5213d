import {none, type ProbeCase} from "../caseParts.js";

export const missing: ProbeCase[] = (
    [
        ["send_email", "Send an email to Maria.", "Email Maria for me.", "Write to Maria by email."],
        [
            "search_flights",
            "Find me a flight to Paris.",
            "I need a plane ticket to Paris.",
            "Search flights to Paris.",
        ],
        ["set_timer", "Set a timer.", "Start a countdown, please.", "I need a timer."],
        ["convert_currency", "Convert 100 dollars.", "How much is 100 dollars?", "Change 100 USD for me."],
        ["get_weather", "What's the weather like?", "Is it going to rain?", "How's the weather?"],
        ["translate_text", "Translate this into French.", "Put it in French for me.", "Say that in French."],
        ["order_pizza", "Order a pizza.", "I want pizza delivered.", "Get me a pizza, please."],
        [
            "book_table",
            "Book a table for four.",
            "Reserve a table for 4 people.",
            "Get us a table, four of us.",
        ],
        ["track_package", "Track my package.", "Where is my parcel?", "Has my delivery shipped?"],
        ["get_time", "What time is it over there?", "Check the time there.", "What's the local time there?"],
        ["add_todo", "Add something to my to-do list.", "Put a task on my list.", "New to-do, please."],
        [
            "create_event",
            "Create an event tomorrow.",
            "Put something in my calendar for tomorrow.",
            "Add a calendar entry for tomorrow.",
        ],
        ["calculate_tip", "Calculate the tip.", "How much should I tip?", "Work out the tip for me."],
        ["get_stock_price", "Look up the stock price.", "What's the share price?", "How is the stock doing?"],
        ["set_thermostat", "Change the thermostat.", "Adjust the heating.", "Set the thermostat, please."],
    ] as const
).map(([tool, a, b, c], i): ProbeCase => ({
    id: `missing-${i + 1}`,
    category: "missing",
    tools: [tool, "define_word"],
    phrasings: [a, b, c],
    steps: [none("ask")],
}));
