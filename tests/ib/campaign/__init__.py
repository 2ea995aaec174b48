"""Tests of campaign content: modifier tables, stories and generic campaigns (IB 7.9-7.11)."""
