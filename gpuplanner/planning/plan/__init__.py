"""The plan: the options for this machine, judged by rules and ranked.

Decides the request's context (worked out once), the candidates worth judging (keep, add
cards, replace), how many cards of a kind a job takes and how the route runs them, each
candidate's assessment and its judgement by the rules (``rules/``: job, power, fit), the price
each option is planned with and its range, the order of the options and why, the
price/performance front, renting instead of buying, the way forward when nothing fits, and
what a plan advises a machine first. The top room: it reads every room below it, and only
``recommend`` reads it."""
