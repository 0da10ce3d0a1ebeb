"""Prices and the market: what a card costs the buyer today, and how sure that figure is.

Decides which cards a market sells and in which money, one price's way through a plan as a
record (listing, pack, shop, conversion), how far a dated price has probably moved since its
date, every price a plan may use by card (the book), and electricity, cost per run and buying
against renting. Independent of speed: neither room imports the other."""
