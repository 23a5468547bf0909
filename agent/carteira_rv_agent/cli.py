"""python -m carteira_rv_agent: flags, token, the MetaTrader5 module, and a clean stop on SIGINT/SIGTERM."""

from __future__ import annotations

import argparse
import importlib
import os
import re
import signal
import sqlite3
import sys
import threading
from collections.abc import Mapping
from types import FrameType
from typing import Any, Callable, NoReturn, Optional, TypeVar, cast

from . import __version__
from .app import Agent
from .journal import JournalLocked
from .logs import setup
from .mt5_types import MetaTrader5
from .settings import MT5_MODULE, Settings

N = TypeVar("N", int, float)

# argparse's own messages (Python 3.9 to 3.13), in the operator's language.
ARGPARSE_MESSAGES = (
    (re.compile(r"^unrecognized arguments: "), "opções desconhecidas: "),
    (re.compile(r"^the following arguments are required: "), "faltam as opções: "),
    (re.compile(r"^ambiguous option: (\S+) could match "), r"opção ambígua: \1 pode ser "),
    (re.compile(r"^argument ([^:]+): expected one argument$"), r"a opção \1 pede um valor"),
    (re.compile(r"^argument ([^:]+): ignored explicit argument "), r"a opção \1 não aceita o valor "),
    (re.compile(r"^argument ([^:]+): "), r"opção \1: "),
)
# The flags that set a field of Settings (settings.py), which holds their defaults.
SETTING_FLAGS = (
    "host",
    "port",
    "journal",
    "terminal_path",
    "tls_cert",
    "tls_key",
    "magic",
    "settle_seconds",
    "sync_grace_seconds",
)


class Parser(argparse.ArgumentParser):
    """argparse, speaking Portuguese."""

    def format_usage(self) -> str:
        return super().format_usage().replace("usage: ", "uso: ", 1)

    def format_help(self) -> str:
        return super().format_help().replace("usage: ", "uso: ", 1)

    def error(self, message: str) -> NoReturn:
        for pattern, replacement in ARGPARSE_MESSAGES:
            message = pattern.sub(replacement, message, count=1)
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: erro: {message}\n")


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"número inválido: {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError("deve estar entre 0 e 65535")
    return value


def _number(kind: Callable[[str], N]) -> Callable[[str], N]:
    """A number that is not negative."""

    def parse(text: str) -> N:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"número inválido: {text!r}") from None
        if value < 0:
            raise argparse.ArgumentTypeError("não pode ser negativo")
        return value

    return parse


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="python -m carteira_rv_agent",
        description="Agente MT5 da Carteira RV: fala docs/mt5-agent-protocol.md ao lado do terminal MetaTrader 5.",
        add_help=False,
    )
    # One group of our own: argparse's default one is titled in English (and differently across versions).
    flags = parser.add_argument_group("opções")
    flags.add_argument("-h", "--help", action="help", help="mostra esta ajuda e sai")
    flags.add_argument("--host", help="endereço em que escuta (o IP privado da VM)")
    flags.add_argument("--port", type=_port, help="porta TCP (0 escolhe uma livre)")
    flags.add_argument("--token-file", help="arquivo com o token compartilhado (uma linha); ou MT5_AGENT_TOKEN")
    flags.add_argument("--journal", help="arquivo SQLite do diário de ordens")
    flags.add_argument("--mt5-module", default=MT5_MODULE, help="módulo Python com a API do MetaTrader5")
    flags.add_argument("--terminal-path", help="caminho do terminal64.exe, passado a initialize()")
    flags.add_argument("--tls-cert", help="certificado PEM para HTTPS (com --tls-key)")
    flags.add_argument("--tls-key", help="chave privada PEM para HTTPS (com --tls-cert)")
    flags.add_argument("--magic", type=_number(int), help="magic das ordens")
    flags.add_argument("--log-file", help="arquivo de log (JSON lines, com rotação); padrão: stderr")
    flags.add_argument(
        "--settle-seconds",
        type=_number(float),
        help="espera mínima após um envio de resultado desconhecido antes de dá-lo como ausente",
    )
    flags.add_argument(
        "--sync-grace-seconds",
        type=_number(float),
        help="tempo conectado à corretora antes de confiar que o histórico está sincronizado",
    )
    flags.add_argument(
        "--version", action="version", version=f"carteira-rv-agent {__version__}", help="mostra a versão e sai"
    )
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


def main(argv: Optional[list[str]] = None, environ: Mapping[str, str] = os.environ) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    token = read_token(parser, args.token_file, environ)
    if bool(args.tls_cert) != bool(args.tls_key):
        parser.error("--tls-cert e --tls-key vão juntos")
    try:
        # The package ships no types: the agent reads it through the protocol of mt5_types.py.
        mt5 = cast(MetaTrader5, importlib.import_module(args.mt5_module))
    except ImportError as err:
        parser.error(f"não foi possível importar {args.mt5_module} ({err}); no Windows: pip install MetaTrader5")
    given: dict[str, Any] = {name: getattr(args, name) for name in SETTING_FLAGS if getattr(args, name) is not None}
    settings = Settings(token=token, **given)
    try:
        os.makedirs(os.path.dirname(os.path.abspath(settings.journal)), exist_ok=True)
        logger = setup(args.log_file, secret=token)
        agent = Agent(settings, mt5, logger)
    except JournalLocked as err:
        print(f"carteira_rv_agent: {err}", file=sys.stderr)
        return 1
    except (OSError, sqlite3.Error) as err:
        print(f"carteira_rv_agent: não foi possível abrir o diário ou o log: {err}", file=sys.stderr)
        return 1
    # Before the agent answers anything: a stop asked as soon as it is healthy is a clean stop, never a kill.
    stop = threading.Event()

    def on_signal(signum: int, frame: Optional[FrameType]) -> None:
        stop.set()

    for name in ("SIGINT", "SIGTERM", "SIGBREAK"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), on_signal)
    try:
        agent.start()
    except (OSError, ValueError) as err:
        address = f"{settings.host}:{settings.port}"
        print(f"carteira_rv_agent: não foi possível escutar em {address}: {err}", file=sys.stderr)
        agent.stop()
        return 1
    # A timed wait keeps Ctrl+C responsive on Windows.
    while not stop.wait(1.0):
        pass
    agent.stop()
    return 0
