# The Discord bot of Ancient Tables. Games are kept in SQLite on the /data volume.
#   docker build -t ancient-tables .
#   docker run -d --name ancient-tables -e DISCORD_TOKEN=... -v ancient-tables:/data ancient-tables
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/ancient-tables.db

RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin tables \
    && mkdir /data && chown tables:tables /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY games ./games
COPY renderers ./renderers
COPY data ./data
COPY bench ./bench
RUN pip install '.[postgres]' && rm -rf build *.egg-info

USER tables
VOLUME ["/data"]
# The engines read their data from data/ beside the source, so the bot runs from /app.
CMD ["python", "-m", "bot"]
