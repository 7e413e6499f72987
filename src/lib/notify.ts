// Re-export so callers can import the helpers from lib/ or stores/ alike.
export { notify } from '../stores/toasts';
