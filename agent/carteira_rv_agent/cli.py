"""python -m carteira_rv_agent: flags, token, the MetaTrader5 module, and a clean stop on SIGINT/SIGTERM."""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sqlite3
import sys
import threading
from typing import Any, List, Mapping, Optional

from . import __version__
from .app import DEFAULT_MAGIC, Agent, Settings
from .journal import JournalLocked
from .logs import setup

DEFAULT_JOURNAL = os.path.join(os.path.expanduser("~"), "carteira-rv-agent", "journal.sqlite3")


def _port(text: str) -> int:
    value = int(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError("deve estar entre 0 e 65535")
    return value


def _non_negative(kind: Any) -> Any:
    def parse(text: str) -> Any:
        value = kind(text)
        if value < 0:
            raise argparse.ArgumentTypeError("não pode ser negativo")
        return value

    return parse


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m carteira_rv_agent",
        description="Agente MT5 da Carteira RV: fala docs/mt5-agent-protocol.md ao lado do terminal MetaTrader 5.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="endereço em que escuta (o IP privado da VM)")
    parser.add_argument("--port", type=_port, default=8765, help="porta TCP (0 escolhe uma livre)")
    parser.add_argument("--token-file", help="arquivo com o token compartilhado (uma linha); ou MT5_AGENT_TOKEN")
    parser.add_argument("--journal", default=DEFAULT_JOURNAL, help="arquivo SQLite do diário de ordens")
    parser.add_argument("--mt5-module", default="MetaTrader5", help="módulo Python com a API do MetaTrader5")
    parser.add_argument("--terminal-path", help="caminho do terminal64.exe, passado a initialize()")
    parser.add_argument("--tls-cert", help="certificado PEM para HTTPS (com --tls-key)")
    parser.add_argument("--tls-key", help="chave privada PEM para HTTPS (com --tls-cert)")
    parser.add_argument("--magic", type=_non_negative(int), default=DEFAULT_MAGIC, help="magic das ordens")
    parser.add_argument("--log-file", help="arquivo de log (JSON lines, com rotação); padrão: stderr")
    parser.add_argument(
        "--settle-seconds",
        type=_non_negative(float),
        default=30.0,
        help="espera mínima após um envio de resultado desconhecido antes de dá-lo como ausente",
    )
    parser.add_argument(
        "--sync-grace-seconds",
        type=_non_negative(float),
        default=10.0,
        help="tempo conectado à corretora antes de confiar que o histórico está sincronizado",
    )
    parser.add_argument("--version", action="version", version=f"carteira-rv-agent {__version__}")
    return parser


def read_token(parser: argparse.ArgumentParser, token_file: Optional[str], environ: Mapping[str, str]) -> str:
    if token_file:
        try:
            with open(token_file, encoding="utf-8-sig") as source:
                token = source.readline().strip()
        except OSError as err:
            parser.error(f"não foi possível ler --token-file {token_file}: {err.strerror}")
        if not token:
            parser.error(f"--token-file {token_file} está vazio")
        return token
    token = environ.get("MT5_AGENT_TOKEN", "").strip()
    if not token:
        parser.error("falta o token: use --token-file ARQUIVO ou a variável de ambiente MT5_AGENT_TOKEN")
    return token


def main(argv: Optional[List[str]] = None, environ: Mapping[str, str] = os.environ) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    token = read_token(parser, args.token_file, environ)
    if bool(args.tls_cert) != bool(args.tls_key):
        parser.error("--tls-cert e --tls-key vão juntos")
    try:
        mt5 = importlib.import_module(args.mt5_module)
    except ImportError as err:
        parser.error(f"não foi possível importar {args.mt5_module} ({err}); no Windows: pip install MetaTrader5")
    settings = Settings(
        token=token,
        journal=args.journal,
        host=args.host,
        port=args.port,
        terminal_path=args.terminal_path,
        tls_cert=args.tls_cert,
        tls_key=args.tls_key,
        magic=args.magic,
        settle_seconds=args.settle_seconds,
        sync_grace_seconds=args.sync_grace_seconds,
    )
    try:
        os.makedirs(os.path.dirname(os.path.abspath(args.journal)), exist_ok=True)
        logger = setup(args.log_file, secret=token)
        agent = Agent(settings, mt5, logger)
    except JournalLocked as err:
        print(f"carteira_rv_agent: {err}", file=sys.stderr)
        return 1
    except (OSError, sqlite3.Error) as err:
        print(f"carteira_rv_agent: não foi possível abrir o diário ou o log: {err}", file=sys.stderr)
        return 1
    try:
        agent.start()
    except (OSError, ValueError) as err:
        print(f"carteira_rv_agent: não foi possível escutar em {args.host}:{args.port}: {err}", file=sys.stderr)
        agent.stop()
        return 1
    stop = threading.Event()
    for name in ("SIGINT", "SIGTERM", "SIGBREAK"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), lambda *_: stop.set())
    # A timed wait keeps Ctrl+C responsive on Windows.
    while not stop.wait(1.0):
        pass
    agent.stop()
    return 0
