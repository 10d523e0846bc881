"""What the tests share: every helper a test module imports lives here, never in another test
module or a conftest (a conftest's fixtures stay in it). app/ and web/ drive Chromium, companion/
a Flet session without a browser, storage/ and scoring/ the store and the engines; games/ holds
one hook per game of scoring.GAMES, through which the cross-game tests reach every game."""
