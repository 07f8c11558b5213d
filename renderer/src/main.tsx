import {StrictMode} from "react";
import {createRoot} from "react-dom/client";
import {App} from "./App.js";
import {connect} from "./client.js";
import "./styles.css";
import {startLanguages} from "./i18n/index.js";
import {QuickAsk} from "./chat/QuickAsk.js";
import {HintProvider} from "./ui/Hint.js";

startLanguages();

createRoot(document.getElementById("root")!).render(
    <StrictMode>
        <HintProvider>
            {new URLSearchParams(location.search).get("view") === "quick" ? (
                <QuickAsk api={connect()} />
            ) : (
                <App api={connect()} />
            )}
        </HintProvider>
    </StrictMode>,
);
