import { domAnimation } from 'framer-motion';

/** What OrdemProgress's bars animate with (animate, transition): loaded by LazyMotion when they first show. */
export default domAnimation;
