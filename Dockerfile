# The Discord bot of Ancient Tables. Games are kept in SQLite on the /data volume.
#   docker build -t ancient-tables .
#   docker run -d --name ancient-tables -e DISCORD_TOKEN=... -v ancient-tables:/data ancient-tables
# The first stage builds the package (a wheel, which carries the titles' data and the fonts); the
# image installs that wheel and holds no source tree.
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY games ./games
COPY renderers ./renderers
COPY data ./data
COPY bench ./bench
RUN pip wheel --no-cache-dir --no-deps -w /wheels .

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/ancient-tables.db

RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin tables \
    && mkdir /data && chown tables:tables /data

COPY --from=build /wheels /wheels
RUN pip install "$(echo /wheels/ancient_tables-*.whl)[postgres]" && rm -rf /wheels

USER tables
VOLUME ["/data"]
# The installed package finds its own data, so the bot runs from any folder.
WORKDIR /data
CMD ["python", "-m", "bot"]
