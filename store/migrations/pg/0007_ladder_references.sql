-- 0007: the built-in levels' fixed ratings on the bot ladder, measured
-- (SQLite's step 0012; docs/benchmarks.md, "The ladder's references").
-- (The reservation of this round names this step 0008, after the
-- screen-reader setting's 0007: renumbered at merge.)
UPDATE ladder SET mu = 18.6, sigma = 0.8 WHERE player = 'bot:beginner';
UPDATE ladder SET mu = 22.4, sigma = 0.8 WHERE player = 'bot:easy';
UPDATE ladder SET mu = 25.0, sigma = 0.8 WHERE player = 'bot:normal';
UPDATE ladder SET mu = 27.1, sigma = 0.8 WHERE player = 'bot:hard';
