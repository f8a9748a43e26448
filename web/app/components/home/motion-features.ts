// Loaded on demand by <LazyMotion>: the animation engine is not in the first bundle.
export { domAnimation as default } from "framer-motion";
