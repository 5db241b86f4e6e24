/** What the providers area offers the other areas (the profile shows the subscription's plan by the same rule). */
export { planText, type PlanText } from './planText';
