import {StrictMode} from "react";
import {createRoot} from "react-dom/client";
import {App} from "./App.js";
import {connect} from "./client.js";
import "./styles.css";
import {startLanguages} from "./i18n/index.js";

startLanguages();

createRoot(document.getElementById("root")!).render(
    <StrictMode>
        <App api={connect()} />
    </StrictMode>,
);
