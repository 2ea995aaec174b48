"""Campaign mode (IB 7): persistent parties, rewards, battles built from a campaign."""
